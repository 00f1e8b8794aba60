// #20 item 6: the seed says only "predecessor_hash: string (sha256 of previous entry)". A ledger
// chained by the SHA-256 of the previous line's raw bytes (not memkit's canonical JSON form) is
// seed-valid: it verifies, with the convention warning `ledger.raw-line-chain`. One convention per
// file: a line chained the other way after the convention is fixed is a chain break. Duplicate keys
// and lone surrogates stay errors. Appending keeps the file's convention.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZERO_HASH } from '../../src/kernel/canonical/sha256.js';
import { checkpoint, entryHash, verify, verifyText } from '../../src/services/ledger/index.js';
import { appendEntry } from '../../src/adapters/node/index.js';
import { runCli, tempDir } from '../cli/helpers.js';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Entries written the way a Python writer would (`json.dumps`: insertion order, ", " and ": "). */
function rawLine(e: Record<string, unknown>): string {
  return `{${Object.entries(e)
    .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
    .join(', ')}}`;
}

const DRAFTS = [
  { id: 'DEC-20260301-001', ts: '2026-03-01T10:00:00Z', proposer_agent: 'ReaperOAK', rationale: 'Use SQLite.', diff_hash: 'a'.repeat(64), tests_passed: true },
  { id: 'DEC-20260301-002', ts: '2026-03-01T11:00:00Z', proposer_agent: 'ReaperOAK', rationale: 'Keep ledgers append-only.', diff_hash: 'b'.repeat(64), tests_passed: true },
  { id: 'DEC-20260302-001', ts: '2026-03-02T09:00:00Z', proposer_agent: 'ReaperOAK', rationale: 'Checkpoint daily.', diff_hash: 'c'.repeat(64), tests_passed: false },
];

/** A decision log chained by raw line bytes (`raw`), or mixing conventions from entry `mixAt` on. */
function ledger(mixAt = -1): { text: string; lines: string[] } {
  const lines: string[] = [];
  let prev = ZERO_HASH;
  DRAFTS.forEach((d, i) => {
    const line = rawLine({ ...d, predecessor_hash: prev });
    lines.push(line);
    prev = i + 1 === mixAt ? entryHash(JSON.parse(line)) : sha(line);
  });
  return { text: `# Decision Log\n\n${lines.join('\n')}\n`, lines };
}

const codes = (ps: { code: string }[]) => ps.map((p) => p.code);

describe('a ledger chained by raw-line hashes is seed-valid: a convention warning, not a chain break', () => {
  it('a raw-line chained ledger verifies with the convention warning; its head is the last line’s hash', async () => {
    const { text, lines } = ledger();
    for (const r of [verifyText(text, { format: 'decision-log' }), await verify(text, { format: 'decision-log' })]) {
      expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(codes(r.problems)).toEqual(['ledger.raw-line-chain']);
      expect(r.chain).toBe('raw-line');
      expect(r.head).toBe(sha(lines[2]!));
    }
    // The checkpoint commits to the entries' canonical form in both conventions.
    const entries = DRAFTS.map((_, i) => JSON.parse(ledger().lines[i]!));
    expect(verifyText(text, { format: 'decision-log', checkpoint: checkpoint(entries) }).problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('a mix of conventions is a chain break; an edit is still found', () => {
    const mixed = verifyText(ledger(2).text, { format: 'decision-log' });
    expect(mixed.problems.filter((p) => p.severity === 'error').map((p) => [p.code, p.line])).toEqual([['ledger.predecessor-mismatch', 5]]);
    const { text } = ledger();
    const edited = text.replace('"Use SQLite."', '"Use  SQLite."');
    expect(codes(verifyText(edited, { format: 'decision-log' }).problems)).toContain('ledger.predecessor-mismatch');
    // Same value, other bytes: the raw-line chain covers the bytes.
    const respaced = text.replace('"rationale": "Use SQLite."', '"rationale":"Use SQLite."');
    expect(codes(verifyText(respaced, { format: 'decision-log' }).problems)).toContain('ledger.predecessor-mismatch');
  });

  it('duplicate keys and lone surrogates stay errors in a raw-line chain', () => {
    const { lines } = ledger();
    const dup = `# Decision Log\n\n${lines[0]!.replace('{', '{"rationale": "x", ')}\n${lines.slice(1).join('\n')}\n`;
    expect(codes(verifyText(dup, { format: 'decision-log' }).problems.filter((p) => p.severity === 'error'))).toContain('json.duplicate-key');
    const lone = `# Decision Log\n\n${lines[0]!.replace('Use SQLite.', 'Use \\ud800.')}\n${lines.slice(1).join('\n')}\n`;
    expect(codes(verifyText(lone, { format: 'decision-log' }).problems.filter((p) => p.severity === 'error'))).toContain('json.lone-surrogate');
  });

  it('memkit check: no error in the default profile, ledger.raw-line-chain reported as a warning, an error under --profile strict', { timeout: 30_000 }, async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'memory-bank'));
      writeFileSync(join(t.dir, 'memory-bank/decisionLog.md'), ledger().text);
      const c = await runCli(['check', t.dir, '--format', 'json']);
      const report = JSON.parse(c.stdout) as { problems: { code: string; severity: string }[] };
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(report.problems).toContainEqual(expect.objectContaining({ code: 'ledger.raw-line-chain', severity: 'warning' }));
      expect(c.code).toBe(0);
      const strict = await runCli(['check', t.dir, '--format', 'json', '--profile', 'strict']);
      expect(strict.code).toBe(1);
      expect(JSON.parse(strict.stdout).problems).toContainEqual(expect.objectContaining({ code: 'ledger.raw-line-chain', severity: 'error' }));
      writeFileSync(join(t.dir, 'memory-bank/decisionLog.md'), ledger(2).text);
      const broken = await runCli(['check', t.dir, '--format', 'json']);
      expect(broken.code).toBe(1);
      expect(codes(JSON.parse(broken.stdout).problems)).toContain('ledger.predecessor-mismatch');
    } finally {
      t.done();
    }
  });

  it('appendEntry keeps a raw-line chain in its convention (the appended line itself is canonical)', { timeout: 30_000 }, async () => {
    const t = tempDir();
    try {
      const file = join(t.dir, 'decisionLog.md');
      const { text, lines } = ledger();
      writeFileSync(file, text);
      const r = await appendEntry(
        file,
        { proposer_agent: 'ReaperOAK', rationale: 'Next.', diff_hash: 'd'.repeat(64), tests_passed: true },
        { format: 'decision-log', now: () => new Date('2026-03-03T00:00:00Z') },
      );
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.value.entry.predecessor_hash).toBe(sha(lines[2]!));
      const after = verifyText(readFileSync(file, 'utf8'), { format: 'decision-log' });
      expect(after.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(after.chain).toBe('raw-line');
      // A canonical file stays canonical.
      const canon = join(t.dir, 'canon.md');
      writeFileSync(canon, '');
      for (const d of DRAFTS.slice(0, 2))
        await appendEntry(
          canon,
          { proposer_agent: d.proposer_agent, rationale: d.rationale, diff_hash: d.diff_hash, tests_passed: d.tests_passed },
          { format: 'decision-log', now: () => new Date(d.ts) },
        );
      const c = verifyText(readFileSync(canon, 'utf8'), { format: 'decision-log' });
      expect(c.problems).toEqual([]);
      expect(c.chain).toBe('canonical');
    } finally {
      t.done();
    }
  });
});
