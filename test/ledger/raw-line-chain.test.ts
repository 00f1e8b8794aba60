// Ledgers chained by the SHA-256 of the previous line's raw bytes: any such ledger verifies (one
// convention warning), and every tamper class the canonical chain detects is detected here too,
// including a mix of the two conventions.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZERO_HASH } from '../../src/kernel/canonical/sha256.js';
import { entryHash, verifyText } from '../../src/services/ledger/index.js';
import type { Problem } from '../../src/kernel/problems/index.js';
import { type GenLedger, ledgerArb } from './ledger-arbitraries.js';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const firstError = (ps: Problem[]) => ps.find((p) => p.severity === 'error');

/** A line in a writer's own style: keys reversed, a space after each separator (never canonical). */
function styled(e: Record<string, unknown>): string {
  return `{${Object.keys(e)
    .reverse()
    .map((k) => `${JSON.stringify(k)}: ${JSON.stringify(e[k])}`)
    .join(', ')}}`;
}

/** Re-chains the entries by raw line hashes; from entry `mixAt` on (if given) by canonical hashes. */
function rawLedger(l: GenLedger, mixAt = Number.POSITIVE_INFINITY): { text: string; lines: string[] } {
  const lines: string[] = [];
  let prev = ZERO_HASH;
  for (let i = 0; i < l.entries.length; i++) {
    const { predecessor_hash: _, ...rest } = l.entries[i]!;
    const line = styled({ ...rest, predecessor_hash: prev });
    lines.push(line);
    prev = i + 1 >= mixAt ? entryHash(JSON.parse(line)) : sha(line);
  }
  return { text: l.preamble + lines.join('\n') + '\n', lines };
}

describe('raw-line chains (property)', () => {
  it('verify clean but for one ledger.raw-line-chain warning; head is the last line’s hash', () => {
    fc.assert(
      fc.property(ledgerArb(), (l) => {
        const { text, lines } = rawLedger(l);
        const r = verifyText(text, { format: l.format });
        expect(r.problems.map((p) => p.code)).toEqual(['ledger.raw-line-chain']);
        expect(r.problems[0]!.line).toBe(l.preambleLines + 2);
        expect(r.chain).toBe('raw-line');
        expect(r.head).toBe(sha(lines.at(-1)!));
      }),
      { numRuns: 300 },
    );
  });

  it('a byte changed in any string of entry k (not the last) is an error at k or k+1', () => {
    fc.assert(
      fc.property(ledgerArb(), fc.nat(), fc.nat(), (l, ki, fi) => {
        const { lines } = rawLedger(l);
        const k = ki % (lines.length - 1);
        const entry = JSON.parse(lines[k]!) as Record<string, unknown>;
        const keys = Object.keys(entry).filter((key) => typeof entry[key] === 'string' && key !== 'predecessor_hash');
        fc.pre(keys.length > 0);
        const key = keys[fi % keys.length]!;
        const was = JSON.stringify(`${key}`) + ': ' + JSON.stringify(entry[key]);
        const now = JSON.stringify(`${key}`) + ': ' + JSON.stringify(`${String(entry[key])}x`);
        const edited = [...lines];
        edited[k] = lines[k]!.replace(was, now);
        const e = firstError(verifyText(l.preamble + edited.join('\n') + '\n', { format: l.format }).problems);
        expect(e, 'edit not detected').toBeDefined();
        expect([l.preambleLines + k + 1, l.preambleLines + k + 2]).toContain(e!.line);
      }),
      { numRuns: 300 },
    );
  });

  it('switching to canonical hashes after the convention is fixed breaks the chain at that entry', () => {
    fc.assert(
      fc.property(ledgerArb(3), fc.nat(), (l, mi) => {
        const mixAt = 2 + (mi % (l.entries.length - 2)); // entry index whose predecessor is canonical
        const e = firstError(verifyText(rawLedger(l, mixAt).text, { format: l.format }).problems);
        expect(e?.code).toBe('ledger.predecessor-mismatch');
        expect(e?.line).toBe(l.preambleLines + mixAt + 1);
      }),
      { numRuns: 300 },
    );
  });
});

describe('hex case', () => {
  it('upper-case predecessor hashes verify in both conventions; a wrong one still does not', () => {
    fc.assert(
      fc.property(ledgerArb(), fc.boolean(), (l, raw) => {
        // Re-chain with each predecessor_hash written in upper case (the value, and so the next hash, includes it).
        const lines: string[] = [];
        let prev = ZERO_HASH;
        for (const e of l.entries) {
          const { predecessor_hash: _, ...rest } = e;
          const entry = { ...rest, predecessor_hash: prev.toUpperCase() };
          const line = raw ? styled(entry) : JSON.stringify(Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : 1))));
          lines.push(line);
          prev = raw ? sha(line) : entryHash(JSON.parse(line));
        }
        const r = verifyText(l.preamble + lines.join('\n') + '\n', { format: l.format });
        expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
        const k = lines.length - 1;
        const broken = [...lines];
        broken[k] = broken[k]!.replace(/("predecessor_hash": ?")([0-9A-F])/, (_m, pre: string, c: string) => pre + (c === 'A' ? 'B' : 'A'));
        const e = firstError(verifyText(l.preamble + broken.join('\n') + '\n', { format: l.format }).problems);
        expect(e?.code).toBe('ledger.predecessor-mismatch');
        expect(e?.line).toBe(l.preambleLines + k + 1);
      }),
      { numRuns: 200 },
    );
  });
});
