// Redaction keeps a ledger verifiable: the entry becomes a tombstone holding its hashes, a record is
// appended, and the chain, earlier checkpoints and every other entry's inclusion proof are unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../../src/kernel/canonical/index.js';
import { MerkleTree, entryLeaf, redactLedgerText, serializeEntry, verifyText } from '../../src/services/ledger/index.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';
import { nodeHasher } from '../../src/adapters/node/hasher.js';
import { buildLedger, drafts, ledgerText, lineOf } from '../ledger/ledger-arbitraries.js';
import type { LedgerFormatId } from '../../src/services/ledger/index.js';

const TOKEN = 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';
const TEXT_FIELD: Record<string, string> = { 'decision-log': 'rationale', 'risk-register': 'description', 'active-context': 'summary_128', 'product-context': 'summary' };
const AT = '2027-01-01T00:00:00Z';
const opts = { by: 'ReaperOAK', reason: 'a token was pasted into the entry', at: AT, hasher: nodeHasher };

/** A valid ledger whose entry `i` holds the token, and `i`. */
const leaky = fc
  .constantFrom<Exclude<LedgerFormatId, 'feedback-log'>>('decision-log', 'risk-register', 'active-context', 'product-context')
  .chain((format) =>
    fc.tuple(
      fc.constant(format),
      fc.array(drafts[format], { minLength: 1, maxLength: 12 }),
      fc.array(fc.integer({ min: 0, max: 3600_000 }), { minLength: 12, maxLength: 12 }),
      fc.constantFrom('', '# Log\n\n'),
      fc.nat(),
    ),
  )
  .map(([format, ds, steps, preamble, k]) => {
    const i = k % ds.length;
    const withSecret = ds.map((d, j) => (j === i ? { ...d, [TEXT_FIELD[format]!]: `deploy with ${TOKEN}` } : d));
    return { ledger: buildLedger(format, withSecret, steps, preamble), i };
  });

const leavesOf = (text: string) => parseLedgerText(text).entries.map((e) => entryLeaf(e.value, nodeHasher));
function treeOf(leaves: Uint8Array[]): MerkleTree {
  const t = new MerkleTree(nodeHasher);
  for (const l of leaves) t.appendLeafHash(l);
  return t;
}
const errors = (text: string, options: Parameters<typeof verifyText>[1]) => verifyText(text, { hasher: nodeHasher, ...options }).problems.filter((p) => p.severity === 'error');

describe('redactLedgerText', () => {
  it('keeps verify, the checkpoint root and every other inclusion proof, and leaves none of the entry (property)', () => {
    fc.assert(
      fc.property(leaky, ({ ledger, i }) => {
        const before = ledgerText(ledger);
        const format = ledger.format;
        const size = ledger.entries.length;
        const cp = verifyText(before, { format, hasher: nodeHasher, checkpointAll: true }).checkpoint!;
        const done = redactLedgerText(before, lineOf(ledger, i), opts);
        expect(done.ok).toBe(true);
        if (!done.ok) return;
        const after = done.value.text;
        expect(after).not.toContain(TOKEN);
        expect(after).not.toContain(serializeEntry(ledger.entries[i]));
        expect(errors(after, { format })).toEqual([]);
        expect(errors(after, { format, checkpoint: cp })).toEqual([]);
        const was = treeOf(leavesOf(before));
        const now = treeOf(leavesOf(after).slice(0, size));
        expect(toHex(now.root())).toBe(cp.root);
        for (let j = 0; j < size; j++) expect(now.inclusionProof(j).map(toHex)).toEqual(was.inclusionProof(j).map(toHex));
        // The record is the new head, chained like any entry.
        expect(parseLedgerText(after).entries.length).toBe(size + 1);
      }),
      { numRuns: 60 },
    );
  });

  it('catches a tombstone without its record, with a wrong hash or leaf, and a record whose entry is back (property)', () => {
    fc.assert(
      fc.property(leaky, ({ ledger, i }) => {
        const before = ledgerText(ledger);
        const format = ledger.format;
        const line = lineOf(ledger, i);
        const done = redactLedgerText(before, line, opts);
        if (!done.ok) return;
        const lines = done.value.text.split('\n');
        const codes = (text: string) => errors(text, { format }).map((p) => p.code);
        // Without the record (the last line).
        expect(codes(lines.slice(0, -2).join('\n') + '\n')).toContain('ledger.tombstone-unrecorded');
        // A tombstone whose hash is not the entry's: the chain breaks at the next entry (or the record).
        const stone = JSON.parse(lines[line - 1]!) as { redacted: { hash: string; leaf: string } };
        const wrongHash = [...lines];
        wrongHash[line - 1] = JSON.stringify({ ...stone, redacted: { ...stone.redacted, hash: 'f'.repeat(64) } });
        expect(codes(wrongHash.join('\n'))).toEqual(expect.arrayContaining(['ledger.predecessor-mismatch']));
        const wrongLeaf = [...lines];
        wrongLeaf[line - 1] = JSON.stringify({ ...stone, redacted: { ...stone.redacted, leaf: 'e'.repeat(64) } });
        expect(codes(wrongLeaf.join('\n'))).toContain('ledger.tombstone-mismatch');
        // The entry put back, the record kept.
        const restored = [...lines];
        restored[line - 1] = serializeEntry(ledger.entries[i]);
        expect(codes(restored.join('\n'))).toContain('ledger.redaction-unmatched');
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a line that is no entry, a tombstone or a record', () => {
    const ledger = buildLedger('decision-log', [{ proposer_agent: 'ReaperOAK', rationale: `x ${TOKEN}`, diff_hash: 'a'.repeat(64), tests_passed: true }], [0], '# Log\n\n');
    const text = ledgerText(ledger);
    expect(redactLedgerText(text, 1, opts)).toMatchObject({ ok: false, problems: [{ code: 'ledger.redact-refused' }] });
    const done = redactLedgerText(text, 3, opts);
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    expect(redactLedgerText(done.value.text, 3, opts)).toMatchObject({ ok: false, problems: [{ code: 'ledger.redact-refused' }] });
    expect(redactLedgerText(done.value.text, 4, opts)).toMatchObject({ ok: false, problems: [{ code: 'ledger.redact-refused' }] });
  });

  it('keeps a chain by raw lines verifiable', () => {
    const ledger = buildLedger(
      'decision-log',
      [0, 1, 2].map((n) => ({ proposer_agent: 'ReaperOAK', rationale: n === 1 ? `x ${TOKEN}` : `r${n}`, diff_hash: 'a'.repeat(64), tests_passed: true })),
      [0, 1, 1],
    );
    // Spaced lines, each chained by the SHA-256 of the previous line as stored.
    let prev = '0'.repeat(64);
    const lines: string[] = [];
    for (const e of ledger.entries) {
      const line = JSON.stringify({ ...e, predecessor_hash: prev }, null, 1).replace(/\n/g, '');
      lines.push(line);
      prev = toHex(nodeHasher.sha256(new TextEncoder().encode(line)));
    }
    const text = lines.join('\n') + '\n';
    expect(errors(text, { format: 'decision-log' })).toEqual([]);
    const done = redactLedgerText(text, 2, opts);
    expect(done.ok && errors(done.value.text, { format: 'decision-log' })).toEqual([]);
  });
});
