// The library side of profiles and the config file: parseConfig, the glob matcher,
// checkDirectory reading memkit.config.json from its source, and the cap seeing effective severities.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { MAX_CONFIG_CHARS, parseConfig } from '../../src/engine/config.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { globMatcher } from '../../src/engine/glob.js';
import { withWriters, DEFAULT_WRITER_POLICY, checkWrite } from '../../src/formats/memory-bank/policy.js';
import { memoryFiles } from '../../src/kernel/file-port.js';

const RULES = join(import.meta.dirname, '..', 'fixtures', 'rules');
const fixture = (path: string) => readFileSync(join(RULES, path), 'utf8');

describe('parseConfig', () => {
  it('accepts every key, and a $schema', () => {
    const r = parseConfig(
      JSON.stringify({ $schema: 'x', profile: 'strict', rules: { 'ledger.writer-denied': 'warn' }, memoryBank: { writers: { 'decisionLog.md': ['A'] }, lockedBy: 'A' }, ignore: ['tmp/**'] }),
    );
    expect(r.ok).toBe(true);
    expect(parseConfig('{}').ok).toBe(true);
  });
  it('refuses what is wrong with a code and a line', () => {
    const r = parseConfig('{\n "rules": { "no.such-rule": "off" }\n}', 'c.json');
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.problems.map((p) => [p.code, p.file, p.line])).toEqual([['config.unknown-rule', 'c.json', 2]]);
    const s = parseConfig('{\n "profile": 3\n}');
    expect(s.ok ? [] : s.problems.map((p) => p.line)).toContain(2);
  });
  it('a config over the size limit is refused before parsing', () => {
    const r = parseConfig(`{"ignore":[${'"x",'.repeat(MAX_CONFIG_CHARS / 4)}"x"]}`);
    expect(r.ok ? [] : r.problems.map((p) => p.code)).toEqual(['input.too-large']);
  });

  it('schemas/memkit-config.schema.json compiles under Ajv strict and agrees with parseConfig', () => {
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'memkit-config.schema.json'), 'utf8'));
    const ajv = new Ajv2020({ strict: true });
    expect(ajv.validateSchema(schema)).toBe(true);
    const valid = ajv.compile(schema);
    for (const text of [
      '{}',
      '{"$schema":"x","profile":"strict","rules":{"ledger.writer-denied":"off"},"memoryBank":{"writers":{"decisionLog.md":["A"]},"lockedBy":"A"},"ignore":["**/x"]}',
      '{"profile":"lax"}',
      '{"rules":{"ledger.writer-denied":"fatal"}}',
      '{"colour":1}',
      '{"memoryBank":{"lockedBy":""}}',
      '{"ignore":"x"}',
    ])
      expect(valid(JSON.parse(text)), text).toBe(parseConfig(text).ok);
  });

  it('a "__proto__" writer file is refused by the config and stays a plain key of a policy', () => {
    const r = parseConfig('{"memoryBank":{"writers":{"__proto__":["X"]}}}');
    expect(r.ok ? [] : r.problems.map((p) => p.code)).toEqual(['config.unknown-bank-file']);
    const policy = withWriters(JSON.parse('{"__proto__":["X"]}'));
    expect(Object.getPrototypeOf(policy)).toBe(Object.prototype);
    expect(checkWrite(policy, 'X', 'memory-bank/decisionLog.md', 'append').map((p) => p.code)).toEqual(['ledger.writer-denied']);
    expect(withWriters({})).toEqual(DEFAULT_WRITER_POLICY);
  });
});

describe('globMatcher', () => {
  it.each([
    ['notes/**', 'notes/a/b.md', true],
    ['notes/**', 'notes', true],
    ['notes/**', 'notesx/a.md', false],
    ['*.tmp', 'a/b/c.tmp', true],
    ['docs/*.md', 'docs/a.md', true],
    ['docs/*.md', 'docs/x/a.md', false],
    ['**/README.md', 'README.md', true],
    ['a/**/b.md', 'a/b.md', true],
    ['a/**/b.md', 'a/x/y/b.md', true],
    ['a?.md', 'ab.md', true],
    ['a?.md', 'a/.md', false],
    ['a.b', 'axb', false],
    ['(x)+', '(x)+', true],
    ['a/**/**/b', 'a/b', true],
    ['**', 'any/thing', true],
    ['*a*b', 'xaxxb', true],
    ['*a*b', 'xaxxc', false],
  ])('%s vs %s: %s', (glob, path, expected) => {
    expect(globMatcher(glob)(path)).toBe(expected);
  });
});

it('a hostile glob costs at most pattern times path length (no exponential backtracking)', { timeout: 30_000 }, () => {
  const path = `${'a/'.repeat(2000)}b`;
  expect(globMatcher(`${'**/a/'.repeat(200)}c`)(path)).toBe(false);
  expect(globMatcher(`${'*a'.repeat(500)}c`)('a'.repeat(5000))).toBe(false);
});

describe('checkDirectory with a profile and config', () => {
  const bank = () => ({
    'memory-bank/productContext.md': fixture('ledger.writer-denied/fail/memory-bank/productContext.md'),
    'memory-bank/payloads/product-vision.json': fixture('ledger.writer-denied/fail/memory-bank/payloads/product-vision.json'),
  });

  it('reads memkit.config.json from its source; config: null ignores it', async () => {
    const files = { ...bank(), 'memkit.config.json': JSON.stringify({ rules: { 'ledger.writer-denied': 'off' } }) };
    const r = await checkDirectory(sourceFromFilePort(memoryFiles(files)));
    expect(r.problems.filter((p) => p.code === 'ledger.writer-denied')).toEqual([]);
    const none = await checkDirectory(sourceFromFilePort(memoryFiles(files)), { config: null });
    expect(none.problems.filter((p) => p.code === 'ledger.writer-denied').length).toBe(1);
  });

  it('a bad config in the source is reported (with its line), and nothing else is checked', async () => {
    const files = { ...bank(), 'memkit.config.json': '{\n "rules": {"ledger.writer-denied": "of"}\n}' };
    const r = await checkDirectory(sourceFromFilePort(memoryFiles(files)));
    expect(r.ok).toBe(false);
    expect(r.problems.find((p) => p.file === 'memkit.config.json')?.line).toBe(2);
    expect(r.problems.every((p) => p.file === 'memkit.config.json')).toBe(true);
    expect(r.checked).toEqual([]);
  });

  it('the per-file cap counts effective severities: warnings left out under a "warn" setting leave ok true', async () => {
    const files = { ...bank(), 'memkit.config.json': JSON.stringify({ rules: { 'ledger.writer-denied': 'warn', 'ledger.payload-missing': 'off' } }) };
    const r = await checkDirectory(sourceFromFilePort(memoryFiles(files)), { maxProblems: 0 });
    const notice = r.problems.find((p) => p.code === 'problems.truncated');
    expect(notice?.severity).toBe('warning');
    expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const strictErr = await checkDirectory(sourceFromFilePort(memoryFiles(bank())), { maxProblems: 0, config: null });
    expect(strictErr.problems.find((p) => p.code === 'problems.truncated')?.severity).toBe('error');
  });
});
