// #20: threat_type "Information disclosure" (a STRIDE category in another case) was refused by an exact-case
// enum. The seed says "threat_type: string (STRIDE category)": any case or spelling of the six categories is
// fine; a value naming none of them is convention.stride-category, a warning.
import { describe, expect, it } from 'vitest';
import { isStrideCategory } from '../../src/schema/index.js';
import { chain, checkFiles, errorsOf, ledger } from './check-files.js';

const risk = (threat_type: string) => ({
  risk_id: 'RISK-20260220-001',
  ts: '2026-02-20T02:00:00Z',
  reporter_agent: 'Security',
  threat_type,
  severity: 'HIGH',
  description: 'Ledger lines could be edited in place.',
  mitigation: 'Chains verified on every PR.',
  status: 'OPEN',
});

describe('threat_type accepts a STRIDE category in any case or spelling', () => {
  it.each(['Information disclosure', 'information-disclosure', 'TAMPERING', 'Denial of service', 'elevation_of_privilege', 'Elevation of Privileges'])(
    '%s checks clean with nothing to say',
    async (t) => {
      const r = await checkFiles({ 'memory-bank/riskRegister.md': ledger('Risks', chain([risk(t)])) });
      expect(r.problems).toEqual([]);
    },
  );

  it('a value that is no STRIDE category is a warning (an error under --profile strict)', async () => {
    const files = { 'memory-bank/riskRegister.md': ledger('Risks', chain([risk('Phishing')])) };
    const r = await checkFiles(files);
    expect(errorsOf(r.problems)).toEqual([]);
    expect(r.problems.map((p) => [p.code, p.severity, p.pointer])).toEqual([['convention.stride-category', 'warning', '/threat_type']]);
    const strict = await checkFiles(files, ['--profile', 'strict']);
    expect(strict.code).toBe(1);
  });

  it('what the seed lists stays an error: the severity enum', async () => {
    const r = await checkFiles({ 'memory-bank/riskRegister.md': ledger('Risks', chain([{ ...risk('Spoofing'), severity: 'SEVERE' }])) });
    expect(r.problems.filter((p) => p.severity === 'error').map((p) => p.code)).toEqual(['ledger.schema-violation']);
  });

  it('isStrideCategory', () => {
    expect(isStrideCategory('Repudiation')).toBe(true);
    expect(isStrideCategory('repudiation ')).toBe(true);
    expect(isStrideCategory('Denial')).toBe(false);
    expect(isStrideCategory('')).toBe(false);
  });
});
