// Merge driver benchmark: mergeLedger of two branches of 100,000 decisionLog entries each (every
// id of theirs collides, so every entry is renumbered and re-chained) against a bare loop that
// parses and re-hashes the same entries (JSON.parse + canonicalize + node:crypto SHA-256 per line).
import { canonicalize } from '../src/kernel/canonical/jcs.js';
import { sha256Hex } from '../src/kernel/canonical/sha256.js';
import { mergeLedger } from '../src/services/git/merge-ledger.js';
import { type LedgerHead, appendToHead } from '../src/services/ledger/append.js';
import { nodeHasher } from '../src/adapters/node/hasher.js';
import { type BenchResult, type BenchSuite, compare, loadNote, median } from './harness.js';

const PER_DAY = 400;
/** The merge against its bare loop (docs/benchmarks.md, "Retired targets"). */
const MIN_RATIO = 0.45;
const HASH = 'c'.repeat(64);

/**
 * Lines appended after `head` (its ids of the current day in `head.ids`): `n` decisions, `PER_DAY` a
 * day from `day0`, as `append` writes them. Theirs starts on the same days as ours (half a second
 * later), so every id collides.
 */
function branch(head: LedgerHead, n: number, who: string, day0: number, skewMs = 0): { lines: string[]; head: LedgerHead } {
  const lines: string[] = [];
  let h = head;
  for (let i = 0; i < n; i++) {
    const day = day0 + Math.floor(i / PER_DAY);
    const now = new Date(Date.UTC(2026, 0, 1 + day, 1, 0, i % PER_DAY) + skewMs);
    const r = appendToHead(
      h,
      { proposer_agent: 'ReaperOAK', rationale: `${who} decision ${i}: keep the ledger append-only`, diff_hash: HASH, tests_passed: true },
      { format: 'decision-log', now: () => now, hasher: nodeHasher },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    lines.push(r.value.line);
    const sameDay = i % PER_DAY !== 0;
    h = { lastHash: r.value.hash, lastTs: r.value.entry.ts, ids: sameDay ? [...(h.ids as string[]), r.value.entry.id] : [r.value.entry.id] };
  }
  return { lines, head: h };
}

function bareLoop(texts: readonly string[]): number {
  let n = 0;
  for (const text of texts) {
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      if (text.charCodeAt(start) === 123) n += sha256Hex(canonicalize(JSON.parse(text.slice(start, nl))), nodeHasher).length;
      start = nl + 1;
    }
  }
  return n;
}

const suite: BenchSuite = {
  name: 'git',
  async run() {
    const n = 100_000;
    const preamble = '# Decision log\n\n';
    const base = branch({ lastHash: '0'.repeat(64), ids: [] }, 1_000, 'base', 0);
    const ours = branch({ ...base.head, ids: [] }, n, 'ours', 10);
    const theirs = branch({ ...base.head, ids: [] }, n, 'theirs', 10, 500);
    const baseText = preamble + base.lines.map((l) => `${l}\n`).join('');
    const inputs = { base: baseText, ours: baseText + ours.lines.map((l) => `${l}\n`).join(''), theirs: baseText + theirs.lines.map((l) => `${l}\n`).join('') };
    const check = mergeLedger(inputs, { format: 'decision-log', hasher: nodeHasher });
    if (!check.ok || check.value.theirs !== n || check.value.renumbered.length !== n)
      throw new Error(`the bench merge did not merge: ${JSON.stringify(check.ok ? check.value.renumbered.length : check.problems)}`);
    // The bare loop reads what the merge reads: both sides in full (ancestor entries twice).
    const bareInputs = [inputs.ours, inputs.theirs];
    const ratios: number[] = [];
    const mergeMs: number[] = [];
    const bareMs: number[] = [];
    for (let round = 0; round < 5; round++) {
      let t = performance.now();
      bareLoop(bareInputs);
      const bare = performance.now() - t;
      t = performance.now();
      mergeLedger(inputs, { format: 'decision-log', hasher: nodeHasher });
      const merge = performance.now() - t;
      bareMs.push(bare);
      mergeMs.push(merge);
      ratios.push(bare / merge);
    }
    const entries = 2 * n;
    const r = median(ratios);
    const result: BenchResult = compare(
      `merge 2 branches x ${n.toLocaleString('en-US')} decisionLog entries (all of theirs renumbered and re-chained)`,
      entries / (median(mergeMs) / 1000),
      'entries/s',
      'bare parse + re-hash loop',
      entries / (median(bareMs) / 1000),
      MIN_RATIO,
    );
    // The ratio is the median of the rounds' paired ratios (each round runs both on the same load).
    result.ratio = r;
    result.met = r >= MIN_RATIO;
    result.note = `rounds: ${ratios.map((x) => x.toFixed(2)).join(', ')}; ${loadNote()}`;
    return [result];
  },
};

export default suite;
