// #20: threat_type "Information disclosure" (a STRIDE category in another case) was refused by an exact-case
// enum. The seed says "threat_type: string (STRIDE category)": any case or spelling of the six categories is
// fine. #34: the letters S T R I D E and the abbreviations DoS and EoP warned, and "Phishing" (no category at
// all) was only a warning, so CI passed it: a value naming none of them is schema.stride-category, an error;
// one naming categories among other text (two of them, a label) is convention.stride-category, a warning.
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
  it.each([
    'Information disclosure',
    'Information Disclosure',
    'information-disclosure',
    'information_disclosure',
    'InformationDisclosure',
    'TAMPERING',
    'Denial of service',
    'denial-of-service',
    'elevation_of_privilege',
    'Elevation of Privileges',
    ...'STRIDE',
    ...'stride',
    'DoS',
    'DOS',
    'EoP',
    'Denial of Service (DoS)',
    'T - Tampering',
  ])('%s checks clean with nothing to say', async (t) => {
    const r = await checkFiles({ 'memory-bank/riskRegister.md': ledger('Risks', chain([risk(t)])) });
    expect(r.problems).toEqual([]);
  });

  it.each(['Phishing', 'Hacking', 'Denial', ''])('%j names no STRIDE category: schema.stride-category, an error in both profiles', async (t) => {
    const files = { 'memory-bank/riskRegister.md': ledger('Risks', chain([risk(t)])) };
    for (const profile of ['spec', 'strict']) {
      const r = await checkFiles(files, ['--profile', profile]);
      expect(r.problems.map((p) => [p.code, p.severity, p.pointer])).toEqual([['schema.stride-category', 'error', '/threat_type']]);
      expect(r.code).toBe(1);
    }
  });

  it.each(['Spoofing / Tampering', 'STRIDE: Repudiation', 'Tampering of the ledger'])('%j names a category among other text: a warning (an error under strict)', async (t) => {
    const files = { 'memory-bank/riskRegister.md': ledger('Risks', chain([risk(t)])) };
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
    expect(isStrideCategory('E')).toBe(true);
    expect(isStrideCategory('EoP')).toBe(true);
    expect(isStrideCategory('X')).toBe(false);
    // Two categories are not one.
    expect(isStrideCategory('Spoofing / Tampering')).toBe(false);
    // The I of prose is not Information Disclosure.
    expect(isStrideCategory('I think it is phishing')).toBe(false);
  });
});
