// #20: a summary_128 of 84 real (cl100k) tokens was refused as over 128 by memkit's estimate. The seed says
// "max 128 tokens"; the estimate is only an estimate: over it is convention.token-estimate (a warning), and
// schema.max-tokens (an error) only for a count that is certain: an exact tokenizer, or a text longer than
// any 128 tokens can be (128 × 1,024 characters). #34: a 300-word summary was only a warning, though every
// tokenizer in use gives each whitespace-separated word a token at least: more than 128 words is the error.
import { describe, expect, it } from 'vitest';
import { countTokensUpTo, MAX_CHARS_PER_TOKEN, validate } from '../../src/schema/index.js';
import { tokenLowerBound } from '../../src/schema/tokens.js';
import { chain, checkFiles, errorsOf, ledger } from './check-files.js';

// Long words: the estimate counts one token per 4 letters, a byte-pair tokenizer far fewer.
const LONG_WORDS = 'internationalization responsibilities characteristically interdisciplinary counterrevolutionaries '.repeat(7).trim();
const entry = (summary_128: string) => ({ ts: '2026-02-20T02:00:00Z', source_agent: 'Backend', source_chunks: [], summary_128 });

describe('summary_128 over 128 tokens by the estimate only is a warning, not an error', () => {
  it('the sample is over 128 by the estimate', () => {
    expect(countTokensUpTo(LONG_WORDS, 1000)).toBeGreaterThan(128);
  });

  it('checks clean in the default profile, with the convention warning', async () => {
    const r = await checkFiles({ 'memory-bank/activeContext.md': ledger('Active context', chain([entry(LONG_WORDS)])) });
    expect(errorsOf(r.problems)).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.problems.map((p) => [p.code, p.severity, p.pointer])).toEqual([['convention.token-estimate', 'warning', '/summary_128']]);
  });

  it('is an error under --profile strict', async () => {
    const r = await checkFiles({ 'memory-bank/activeContext.md': ledger('Active context', chain([entry(LONG_WORDS)])) }, ['--profile', 'strict']);
    expect(r.code).toBe(1);
  });

  it('an exact tokenizer decides: 84 tokens pass, 129 are the seed error', () => {
    const value = { ...entry(LONG_WORDS), predecessor_hash: '0'.repeat(64) };
    expect(validate('active-context-entry', value, { countTokens: () => 84 })).toEqual([]);
    expect(validate('active-context-entry', value, { countTokens: () => 129 }).map((p) => [p.code, p.severity])).toEqual([['schema.max-tokens', 'error']]);
  });

  it('a text longer than any 128 tokens can be is an error by the estimate too', async () => {
    const long = 'a'.repeat(128 * MAX_CHARS_PER_TOKEN + 1);
    const value = { ...entry(long), predecessor_hash: '0'.repeat(64) };
    expect(validate('active-context-entry', value).map((p) => [p.code, p.severity])).toEqual([['schema.max-tokens', 'error']]);
    const r = await checkFiles({ 'memory-bank/activeContext.md': ledger('Active context', chain([entry(long)])) });
    expect(r.problems.filter((p) => p.severity === 'error').map((p) => p.code)).toEqual(['schema.max-tokens']);
  });
});

describe('summary_128 over 128 by a lower bound no tokenizer undercuts is an error', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => ['fix', 'the', 'parser', 'then', 'ship'][i % 5]).join(' ');

  it('the lower bound counts whitespace-separated words, and a token per 1,024 characters', () => {
    expect(tokenLowerBound('  fix\tthe\nparser  ')).toBe(3);
    expect(tokenLowerBound('')).toBe(0);
    expect(tokenLowerBound('a'.repeat(2 * MAX_CHARS_PER_TOKEN + 1))).toBe(3);
    // It never exceeds the estimate, so a text the estimate accepts is never over by the bound.
    expect(tokenLowerBound(LONG_WORDS)).toBeLessThanOrEqual(countTokensUpTo(LONG_WORDS, 1000));
  });

  it('a 300-word summary is schema.max-tokens, an error under the default profile', async () => {
    const r = await checkFiles({ 'memory-bank/activeContext.md': ledger('Active context', chain([entry(words(300))])) });
    expect(r.problems.map((p) => [p.code, p.severity, p.pointer])).toEqual([['schema.max-tokens', 'error', '/summary_128']]);
    expect(r.code).toBe(1);
  });

  it('129 words is the error; 128 words over the estimate is the warning', () => {
    const value = (summary: string) => ({ ...entry(summary), predecessor_hash: '0'.repeat(64) });
    expect(validate('active-context-entry', value(words(129))).map((p) => [p.code, p.severity])).toEqual([['schema.max-tokens', 'error']]);
    expect(validate('active-context-entry', value(words(128))).map((p) => [p.code, p.severity])).toEqual([['convention.token-estimate', 'warning']]);
  });

  it('an exact count decides over the words: a tokenizer counting 100 passes 300 words', () => {
    const value = { ...entry(words(300)), predecessor_hash: '0'.repeat(64) };
    expect(validate('active-context-entry', value, { countTokens: () => 100 })).toEqual([]);
  });
});
