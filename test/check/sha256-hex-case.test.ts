// #20: SHA-256 values in upper-case hex were refused (schema.pattern), though the Memory Bank format says
// only "sha256". They are read in either case: chains verify, diff hashes back systemPatterns.md, the
// header hash is compared; upper case is memkit's convention.lowercase-hex warning. A wrong hash stays an error.
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/kernel/canonical/index.js';
import { entryHash, serializeEntry } from '../../src/services/ledger/index.js';
import { checkFiles, decision, errorsOf } from './check-files.js';

const V1 = '# System Patterns\n\n- Ports and adapters.\n';
const upper = (e: Record<string, unknown>) => ({ ...e, ...(typeof e.diff_hash === 'string' ? { diff_hash: e.diff_hash.toUpperCase() } : {}) });

/** A decision log whose predecessor_hash and diff_hash values are written in upper case. */
function upperLedger(drafts: Record<string, unknown>[]): string {
  let prev = '0'.repeat(64);
  const lines = drafts.map((d) => {
    const e = { ...upper(d), predecessor_hash: prev.toUpperCase() };
    prev = entryHash(e);
    return serializeEntry(e);
  });
  return `# Decisions\n\n${lines.join('\n')}\n`;
}
const header = (hash: string) => `---\nversion: 1.0.0\nhash: ${hash}\nlocked_by: ReaperOAK\nimmutable: true\n---\n${V1}`;

describe('upper-case SHA-256 hex is a warning, not refused', () => {
  it('an upper-case chain and diff hashes check clean, with lowercase-hex warnings', async () => {
    const r = await checkFiles({ 'memory-bank/decisionLog.md': upperLedger([decision(1, V1), decision(2, 'x')]), 'memory-bank/systemPatterns.md': header(sha256Hex(V1).toUpperCase()) });
    expect(errorsOf(r.problems)).toEqual([]);
    expect(r.code).toBe(0);
    const codes = new Set(r.problems.map((p) => p.code));
    expect([...codes]).toEqual(['convention.lowercase-hex']);
    expect(r.problems.map((p) => p.pointer).sort()).toEqual(['/diff_hash', '/diff_hash', '/hash', '/predecessor_hash']);
    const strict = await checkFiles({ 'memory-bank/systemPatterns.md': header(sha256Hex(V1).toUpperCase()), 'memory-bank/decisionLog.md': upperLedger([decision(1, V1)]) }, ['--profile', 'strict']);
    expect(strict.code).toBe(1);
  });

  it('a wrong hash in upper case stays an error', async () => {
    const r = await checkFiles({ 'memory-bank/systemPatterns.md': header('AB'.repeat(32)), 'memory-bank/decisionLog.md': upperLedger([decision(1, V1)]) });
    expect(errorsOf(r.problems).map(([c]) => c)).toContain('system-patterns.hash-mismatch');
    const broken = upperLedger([decision(1, V1), decision(2, 'x')]).replace('Record the patterns.', 'Edited.');
    const r2 = await checkFiles({ 'memory-bank/decisionLog.md': broken });
    expect(errorsOf(r2.problems).map(([c]) => c)).toContain('ledger.predecessor-mismatch');
  });
});
