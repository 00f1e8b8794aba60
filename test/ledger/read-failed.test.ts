// A source that fails while being read is an error of the verification, never a throw: a missing file or a
// stream that breaks before the first entry line fails the verify with a problem (nothing was verified).
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { verify } from '../../src/services/ledger/index.js';

async function* breaksAfter(text: string): AsyncGenerator<string> {
  yield text;
  throw new Error('the disk went away');
}

describe('verify over a source that fails', () => {
  it('reports a missing file as an error problem instead of rejecting with ENOENT', async () => {
    const summary = await verify(createReadStream(join(tmpdir(), 'memkit-no-such-dir', 'decisionLog.md')), { format: 'decision-log' });
    expect(summary.problems).toHaveLength(1);
    expect(summary.problems[0]).toMatchObject({ severity: 'error', line: 1 });
    expect(summary.entries).toBe(0);
  });

  it('reports a stream that breaks inside the preamble, and one that breaks after an entry, at the line reached', async () => {
    const early = await verify(breaksAfter('# Decision log\n\nNotes before the entries'), { format: 'decision-log' });
    expect(early.problems.some((p) => p.severity === 'error' && /the disk went away/.test(p.message))).toBe(true);
    const entry =
      '{"id":"DEC-20260101-001","ts":"2026-01-01T00:00:00Z","proposer_agent":"A","rationale":"r","diff_hash":"' +
      'a'.repeat(64) +
      '","tests_passed":true,"predecessor_hash":"' +
      '0'.repeat(64) +
      '"}\n';
    const late = await verify(breaksAfter(`# Decision log\n${entry}`), { format: 'decision-log' });
    expect(late.entries).toBe(1);
    expect(late.problems.some((p) => p.severity === 'error' && /the disk went away/.test(p.message))).toBe(true);
  });
});
