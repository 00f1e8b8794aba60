// #20: inside a ledger entry, a rule with a code of its own was reported as `ledger.schema-violation`
// (a summary_128 over its token budget: `schema.max-tokens`; a dated id naming a day that does not exist:
// `schema.id-date`), so `"rules": {"schema.max-tokens": "off"}` in memkit.config.json and the profile
// did not apply to it. Each is now reported under its own code with the table's severity;
// `ledger.schema-violation` stays for what breaks the entry's schema (a field, type, enum, pattern).
// The convention readings of entries (date-time profile, lowercase hex, STRIDE names, source chunk
// hashes) surface under their own codes too, also on an entry that breaks its schema.
import { describe, expect, it } from 'vitest';
import { ruleFor } from '../../src/engine/rules.js';
import { MAX_CHARS_PER_TOKEN } from '../../src/schema/index.js';
import { type Reported, chain, checkFiles, decision, ledger } from './check-files.js';

const codes = (ps: readonly Reported[]) => ps.map((p) => [p.code, p.severity]);
const config = (rules: Record<string, string>) => JSON.stringify({ rules });

// Longer than any 128 tokens can be (1,024 characters a token): over the budget whatever the tokenizer.
const OVER_BUDGET = 'a'.repeat(128 * MAX_CHARS_PER_TOKEN + 1);
const active = (summary_128: string, extra: Record<string, unknown> = {}) => ({ ts: '2026-02-20T02:00:00Z', source_agent: 'Backend', source_chunks: [], summary_128, ...extra });
const activeContext = (entries: Record<string, unknown>[]) => ({ 'memory-bank/activeContext.md': ledger('Active context', chain(entries)) });
const decisionLog = (entries: Record<string, unknown>[]) => ({ 'memory-bank/decisionLog.md': ledger('Decisions', chain(entries)) });
const risk = (extra: Record<string, unknown> = {}) => ({
  risk_id: 'RISK-20260220-001',
  ts: '2026-02-20T02:00:00Z',
  reporter_agent: 'Security',
  threat_type: 'Tampering',
  severity: 'HIGH',
  description: 'A ledger line could be edited.',
  mitigation: 'Verify the chain on every pull request.',
  status: 'OPEN',
  ...extra,
});

describe('a rule inside a ledger entry is reported under its own code, not ledger.schema-violation', () => {
  it('a summary_128 over its budget is schema.max-tokens, with the table severity', { timeout: 30_000 }, async () => {
    const r = await checkFiles(activeContext([active(OVER_BUDGET)]));
    expect(codes(r.problems)).toEqual([['schema.max-tokens', ruleFor('schema.max-tokens')!.severity]]);
    expect(r.problems[0]).toMatchObject({ line: 3, pointer: '/summary_128' });
    expect(r.code).toBe(1);
  });

  it('the config file turns schema.max-tokens off or into a warning', { timeout: 30_000 }, async () => {
    const off = await checkFiles({ ...activeContext([active(OVER_BUDGET)]), 'memkit.config.json': config({ 'schema.max-tokens': 'off' }) });
    expect(off.problems).toEqual([]);
    expect(off.code).toBe(0);
    const warn = await checkFiles({ ...activeContext([active(OVER_BUDGET)]), 'memkit.config.json': config({ 'schema.max-tokens': 'warn' }) });
    expect(codes(warn.problems)).toEqual([['schema.max-tokens', 'warning']]);
    expect(warn.code).toBe(0);
    // Turning the schema-violation rule off no longer hides the token budget.
    const other = await checkFiles({ ...activeContext([active(OVER_BUDGET)]), 'memkit.config.json': config({ 'ledger.schema-violation': 'off' }) });
    expect(codes(other.problems)).toEqual([['schema.max-tokens', 'error']]);
  });

  it('a dated id naming a day that does not exist is schema.id-date, and the config applies to it', async () => {
    const files = decisionLog([{ ...decision(1, 'x'), id: 'DEC-20260230-001' }]);
    const r = await checkFiles(files);
    expect(codes(r.problems)).toEqual([['schema.id-date', ruleFor('schema.id-date')!.severity]]);
    expect(r.problems[0]).toMatchObject({ pointer: '/id', line: 3 });
    const off = await checkFiles({ ...files, 'memkit.config.json': config({ 'schema.id-date': 'off' }) });
    expect(off.problems).toEqual([]);
    expect(off.code).toBe(0);
  });

  it('a threat_type naming no STRIDE category is schema.stride-category, an error in both profiles, and the config applies to it', async () => {
    const files = { 'memory-bank/riskRegister.md': ledger('Risks', chain([risk({ threat_type: 'Phishing' })])) };
    const r = await checkFiles(files);
    expect(codes(r.problems)).toEqual([['schema.stride-category', 'error']]);
    expect(r.problems[0]).toMatchObject({ pointer: '/threat_type', line: 3 });
    expect(r.code).toBe(1);
    const off = await checkFiles({ ...files, 'memkit.config.json': config({ 'schema.stride-category': 'off' }) });
    expect(off.problems).toEqual([]);
    expect(off.code).toBe(0);
  });

  it('what breaks the schema stays one ledger.schema-violation per entry', async () => {
    const r = await checkFiles({ 'memory-bank/riskRegister.md': ledger('Risks', chain([risk({ severity: 'SEVERE', status: 'GONE' })])) });
    expect(codes(r.problems)).toEqual([['ledger.schema-violation', 'error']]);
    expect(r.problems[0]!.pointer).toBe('/severity');
  });

  it('conventions on an entry that also breaks its schema are reported under their own codes', async () => {
    const r = await checkFiles({ 'memory-bank/riskRegister.md': ledger('Risks', chain([risk({ severity: 'SEVERE', threat_type: 'Spoofing / Tampering', ts: '20260220T020000Z' })])) });
    expect(codes(r.problems).sort()).toEqual(
      [
        ['ledger.schema-violation', 'error'],
        ['convention.stride-category', 'warning'],
        ['convention.date-time-profile', 'warning'],
      ].sort(),
    );
  });

  it.each([
    ['convention.date-time-profile', decisionLog([decision(1, 'x', '20260220T020000Z')])],
    ['convention.lowercase-hex', decisionLog([{ ...decision(1, 'x'), diff_hash: decision(1, 'x').diff_hash.toUpperCase() }])],
    ['convention.stride-category', { 'memory-bank/riskRegister.md': ledger('Risks', chain([risk({ threat_type: 'Spoofing / Tampering' })])) }],
    ['convention.source-chunk-hash', activeContext([active('Short.', { source_chunks: ['chunk-1'] })])],
  ] as const)('%s in a ledger entry: its own code, a warning (error under strict), off by config', async (code, files) => {
    const r = await checkFiles(files);
    expect(codes(r.problems)).toEqual([[code, 'warning']]);
    expect(r.problems[0]!.line).toBe(3);
    const strict = await checkFiles(files, ['--profile', 'strict']);
    expect(codes(strict.problems)).toEqual([[code, 'error']]);
    expect(strict.code).toBe(1);
    const off = await checkFiles({ ...files, 'memkit.config.json': config({ [code]: 'off', 'ledger.schema-violation': 'error' }) }, ['--profile', 'strict']);
    expect(off.problems).toEqual([]);
    expect(off.code).toBe(0);
  });
});
