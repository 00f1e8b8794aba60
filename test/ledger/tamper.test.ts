// Every tamper class is detected at the right line in 100% of ≥1,000 random ledgers per class.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MerkleTree, checkCheckpointConsistency, checkpoint, entryBytes, entryHash, verifyText } from '../../src/services/ledger/index.js';
import { nodeHasher as hasher } from '../../src/adapters/node/hasher.js';
import type { Problem } from '../../src/kernel/problems/index.js';
import { type GenLedger, ledgerArb, ledgerText, lineOf } from './ledger-arbitraries.js';

const RUNS = 1000;
const firstError = (problems: Problem[]) => problems.find((p) => p.severity === 'error');
const CHARS = 'abcXYZ019-_:. {}"\\';

function mutateString(s: string, pos: number, pick: number): string {
  if (s.length === 0) return 'x';
  const p = pos % s.length;
  let c = CHARS[pick % CHARS.length]!;
  if (c === s[p]) c = CHARS[(pick + 1) % CHARS.length]!;
  return s.slice(0, p) + c + s.slice(p + 1);
}

function rechain(entries: Record<string, unknown>[], from: number): void {
  for (let i = Math.max(1, from); i < entries.length; i++) entries[i] = { ...entries[i], predecessor_hash: entryHash(entries[i - 1], hasher) };
}

function check(_l: GenLedger, problems: Problem[], allowed: number[], codeAtNext = 'ledger.predecessor-mismatch'): void {
  const e = firstError(problems);
  expect(e, 'tamper not detected').toBeDefined();
  expect(allowed).toContain(e!.line);
  if (allowed.length === 2 && e!.line === allowed[1]) expect(e!.code).toBe(codeAtNext);
}

describe('tamper detection (property, ≥1,000 cases per class)', () => {
  it('untampered ledgers verify', () => {
    fc.assert(
      fc.property(ledgerArb(), (l) => {
        const r = verifyText(ledgerText(l), { format: l.format, checkpoint: checkpoint(l.entries) });
        expect(r.problems).toEqual([]);
        expect(r.entries).toBe(l.entries.length);
      }),
      { numRuns: 200 },
    );
  });

  it('changing any byte of any field is detected at the entry or at its successor (last entry: via the checkpoint)', () => {
    fc.assert(
      fc.property(ledgerArb(), fc.nat(), fc.nat(), fc.nat(), fc.nat(), (l, ki, fi, pos, pick) => {
        const cp = checkpoint(l.entries, hasher);
        const k = ki % l.entries.length;
        const entry = { ...l.entries[k]! };
        const keys = Object.keys(entry);
        const key = keys[fi % keys.length]!;
        const v = entry[key];
        if (typeof v === 'string') entry[key] = mutateString(v, pos, pick);
        else if (typeof v === 'boolean') entry[key] = !v;
        else if (Array.isArray(v)) entry[key] = v.length === 0 ? ['x'] : [mutateString(String(v[0]), pos, pick), ...v.slice(1)];
        const entries = l.entries.slice();
        entries[k] = entry;
        const r = verifyText(ledgerText({ preamble: l.preamble, entries }), { format: l.format, checkpoint: cp, hasher });
        check(l, r.problems, [lineOf(l, k), lineOf(l, k + 1)]);
        if (k === l.entries.length - 1 && firstError(r.problems)!.code !== 'ledger.schema-violation') {
          expect(r.problems.map((p) => p.code)).toContain('ledger.checkpoint-mismatch');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('changing any byte of the stored text is detected at that line or the next', () => {
    fc.assert(
      fc.property(ledgerArb(), fc.nat(), fc.nat(), fc.nat(), (l, ki, pos, pick) => {
        const cp = checkpoint(l.entries, hasher);
        const k = ki % l.entries.length;
        const stored = ledgerText(l).slice(l.preamble.length).split('\n').slice(0, -1);
        expect(stored.length).toBe(l.entries.length);
        stored[k] = mutateString(stored[k]!, pos, pick);
        const r = verifyText(l.preamble + stored.map((s) => s + '\n').join(''), { format: l.format, checkpoint: cp, hasher });
        check(l, r.problems, [lineOf(l, k), lineOf(l, k + 1)]);
      }),
      { numRuns: RUNS },
    );
  });

  it('inserting an entry is detected at the inserted line or the next', () => {
    fc.assert(
      fc.property(ledgerArb(), ledgerArb(1, 3), fc.nat(), fc.nat(), fc.boolean(), (l, other, ki, ci, copy) => {
        const k = ki % (l.entries.length + 1);
        const foreign = copy ? l.entries[ci % l.entries.length]! : other.entries[ci % other.entries.length]!;
        const entries = [...l.entries.slice(0, k), foreign, ...l.entries.slice(k)];
        const r = verifyText(ledgerText({ preamble: l.preamble, entries }), { format: l.format, hasher });
        check(l, r.problems, [lineOf(l, k), lineOf(l, k + 1)]);
      }),
      { numRuns: RUNS },
    );
  });

  it('deleting an entry is detected where it was (the last one through the checkpoint)', () => {
    fc.assert(
      fc.property(ledgerArb(), fc.nat(), (l, ki) => {
        const cp = checkpoint(l.entries, hasher);
        const k = ki % l.entries.length;
        const entries = l.entries.filter((_, i) => i !== k);
        const r = verifyText(ledgerText({ preamble: l.preamble, entries }), { format: l.format, checkpoint: cp, hasher });
        const e = firstError(r.problems)!;
        expect(e.line).toBe(lineOf(l, k));
        expect(e.code).toBe(k === l.entries.length - 1 ? 'ledger.truncated' : 'ledger.predecessor-mismatch');
      }),
      { numRuns: RUNS },
    );
  });

  it('swapping two entries is detected at the first of them', () => {
    fc.assert(
      fc.property(ledgerArb(), fc.nat(), fc.nat(), (l, a, b) => {
        const n = l.entries.length;
        const i = a % (n - 1);
        const j = i + 1 + (b % (n - 1 - i));
        const entries = l.entries.slice();
        [entries[i], entries[j]] = [entries[j]!, entries[i]!];
        const r = verifyText(ledgerText({ preamble: l.preamble, entries }), { format: l.format, hasher });
        const e = firstError(r.problems)!;
        expect(e.line).toBe(lineOf(l, i));
        expect(e.code).toBe('ledger.predecessor-mismatch');
      }),
      { numRuns: RUNS },
    );
  });

  it('truncating the tail is detected with a checkpoint in hand, at the first missing line', () => {
    fc.assert(
      fc.property(ledgerArb(), fc.nat(), fc.nat(), (l, a, b) => {
        const n = l.entries.length;
        const m = 1 + (a % n); // checkpoint size
        const cp = checkpoint(l.entries.slice(0, m), hasher);
        const keep = b % m; // fewer entries than the checkpoint
        const r = verifyText(ledgerText({ preamble: l.preamble, entries: l.entries.slice(0, keep) }), { format: l.format, checkpoint: cp, hasher });
        const errors = r.problems.filter((p) => p.severity === 'error');
        expect(errors.map((p) => p.code)).toEqual(['ledger.truncated']);
        expect(errors[0]!.line).toBe(lineOf(l, keep));
      }),
      { numRuns: RUNS },
    );
  });

  it('a fork from a checkpoint (history rewritten and re-chained) is detected at the checkpoint line and by consistency proofs', () => {
    fc.assert(
      fc.property(ledgerArb(), fc.nat(), fc.nat(), fc.nat(), (l, a, b, pick) => {
        const n = l.entries.length;
        const m = 1 + (a % n);
        const cp = checkpoint(l.entries.slice(0, m), hasher);
        const j = b % m;
        const entries = l.entries.map((e) => ({ ...e }));
        const field = Object.keys(entries[j]!).find((k) => k === 'rationale' || k === 'description' || k === 'summary' || k === 'summary_128')!;
        entries[j]![field] = mutateString(String(entries[j]![field]), pick, pick);
        rechain(entries, j + 1);
        const r = verifyText(ledgerText({ preamble: l.preamble, entries }), { format: l.format, checkpoint: cp, hasher });
        const errors = r.problems.filter((p) => p.severity === 'error');
        expect(errors.map((p) => p.code)).toEqual(['ledger.checkpoint-mismatch']);
        expect(errors[0]!.line).toBe(lineOf(l, m - 1));
        // The forked log cannot prove it extends the checkpoint.
        const tree = new MerkleTree(hasher);
        for (const e of entries) tree.append(entryBytes(e));
        const newer = { size: tree.size, root: Buffer.from(tree.root()).toString('hex') };
        expect(checkCheckpointConsistency(cp, newer, tree.consistencyProof(m, tree.size), hasher).map((p) => p.code)).toEqual(['ledger.checkpoint-mismatch']);
      }),
      { numRuns: RUNS },
    );
  });

  it('an honest extension passes the consistency check; a rollback is reported', () => {
    fc.assert(
      fc.property(ledgerArb(), fc.nat(), (l, a) => {
        const m = 1 + (a % l.entries.length);
        const tree = new MerkleTree(hasher);
        for (const e of l.entries) tree.append(entryBytes(e));
        const older = checkpoint(l.entries.slice(0, m), hasher);
        const newer = checkpoint(l.entries);
        expect(checkCheckpointConsistency(older, newer, tree.consistencyProof(m, tree.size), hasher)).toEqual([]);
        if (m < l.entries.length) expect(checkCheckpointConsistency(newer, older, []).map((p) => p.code)).toEqual(['ledger.checkpoint-rollback']);
      }),
      { numRuns: 200 },
    );
  });
});
