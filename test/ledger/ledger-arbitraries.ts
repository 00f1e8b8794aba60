// fast-check generators of valid ledgers, built with memkit's own `append`.
import fc from 'fast-check';
import { toHex } from '../../src/kernel/canonical/index.js';
import { type LedgerHead, type LedgerFormatId, appendToHead, serializeEntry } from '../../src/services/ledger/index.js';
import { nodeHasher } from '../../src/adapters/node/hasher.js';

const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex);
const agent = fc.constantFrom('ReaperOAK', 'Security', 'ProductManager', 'Backend', 'CIReviewer');
const text = fc.string({ minLength: 1, maxLength: 24 });

/** Draft arbitraries per ledger format. */
export const drafts: Record<LedgerFormatId, fc.Arbitrary<Record<string, unknown>>> = {
  'decision-log': fc.record({ proposer_agent: agent, rationale: text, diff_hash: hex64, tests_passed: fc.boolean() }),
  'risk-register': fc.record({
    reporter_agent: agent,
    threat_type: fc.constantFrom('Spoofing', 'Tampering', 'Repudiation', 'Information Disclosure', 'Denial of Service', 'Elevation of Privilege'),
    severity: fc.constantFrom('CRITICAL', 'HIGH', 'MEDIUM', 'LOW'),
    description: text,
    mitigation: fc.string({ maxLength: 16 }),
    status: fc.constantFrom('OPEN', 'MITIGATED', 'ACCEPTED', 'CLOSED'),
  }),
  'active-context': fc.record({ source_agent: agent, source_chunks: fc.array(hex64, { maxLength: 2 }), summary_128: fc.string({ maxLength: 40 }) }),
  'product-context': fc.record({ author_agent: agent, summary: fc.string({ maxLength: 40 }), payload_hash: hex64, payload_loc: text }),
  'feedback-log': fc.record({
    from_agent: agent,
    to_agent: agent,
    category: fc.constantFrom('defect', 'suggestion', 'concern', 'praise'),
    severity: fc.constantFrom('low', 'medium', 'high', 'critical'),
    artifact_path: text,
    description: text,
    evidence: fc.string({ maxLength: 16 }),
  }),
};

/** A generated ledger: its format, entries, stored lines and preamble. */
export interface GenLedger {
  format: LedgerFormatId;
  entries: Record<string, unknown>[];
  preamble: string;
  preambleLines: number;
}

// Frontmatter preambles are covered in chain.test.ts; here a Markdown preamble shifts the lines.
const PREAMBLES = ['', '# Decision log\n\nOne entry per line.\n\n'];

/** Builds a ledger by appending drafts with a clock that moves forward by the given steps. */
export function buildLedger(format: LedgerFormatId, ds: Record<string, unknown>[], steps: number[], preamble = ''): GenLedger {
  let t = Date.parse('2026-02-20T00:00:00Z');
  const entries: Record<string, unknown>[] = [];
  const ids: string[] = [];
  const head: LedgerHead = { lastHash: '0'.repeat(64), ids };
  ds.forEach((d, i) => {
    t += steps[i] ?? 0;
    const at = t;
    const r = appendToHead(head, d as never, { format, now: () => new Date(at), hasher: nodeHasher });
    if (!r.ok) throw new Error(`append failed: ${JSON.stringify(r.problems)}`);
    const e = r.value.entry as Record<string, unknown>;
    entries.push(e);
    head.lastHash = r.value.hash;
    head.lastTs = String(e.ts ?? e.timestamp);
    const id = e.id ?? e.risk_id;
    if (typeof id === 'string') ids.push(id);
  });
  return { format, entries, preamble, preambleLines: preamble === '' ? 0 : preamble.split('\n').length - 1 };
}

/** An arbitrary valid ledger of `min`..`max` entries of one of the JSON Lines ledger formats. */
export function ledgerArb(min = 2, max = 20): fc.Arbitrary<GenLedger> {
  return fc
    .constantFrom<Exclude<LedgerFormatId, 'feedback-log'>>('decision-log', 'risk-register', 'active-context', 'product-context')
    .chain((format) =>
      fc.tuple(
        fc.constant(format),
        fc.array(drafts[format], { minLength: min, maxLength: max }),
        fc.array(fc.integer({ min: 0, max: 12 * 3600_000 }), { minLength: max, maxLength: max }),
        fc.constantFrom(...PREAMBLES),
      ),
    )
    .map(([format, ds, steps, preamble]) => buildLedger(format, ds, steps, preamble));
}

/** The ledger file text: preamble then one canonical line per entry. */
export function ledgerText(l: { preamble: string; entries: unknown[] }): string {
  return l.preamble + l.entries.map((e) => serializeEntry(e) + '\n').join('');
}

/** 1-based file line of entry `i`. */
export function lineOf(l: GenLedger, i: number): number {
  return l.preambleLines + i + 1;
}
