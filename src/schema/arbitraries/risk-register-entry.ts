import fc from 'fast-check';
import { type RiskRegisterEntry, STRIDE } from '../index.js';
import { compactDateArb } from './compact-date.js';
import { dateTimeArb } from './date-time.js';
import { agentId, nonEmptyText, pad, text } from './internal.js';
import { sha256Arb } from './sha256.js';

/** Valid `riskRegister.md` entries (format `risk-register-entry`); ids `RISK-YYYYMMDD-NNN` name real days. */
export const riskRegisterEntryArb: fc.Arbitrary<RiskRegisterEntry> = fc.record({
  risk_id: fc.tuple(compactDateArb, fc.integer({ min: 0, max: 999 })).map(([d, n]) => `RISK-${d}-${pad(n, 3)}`),
  ts: dateTimeArb,
  reporter_agent: agentId,
  threat_type: fc.constantFrom(...STRIDE),
  severity: fc.constantFrom('CRITICAL', 'HIGH', 'MEDIUM', 'LOW'),
  description: nonEmptyText(80),
  mitigation: text(80),
  status: fc.constantFrom('OPEN', 'MITIGATED', 'ACCEPTED', 'CLOSED'),
  predecessor_hash: sha256Arb,
});
