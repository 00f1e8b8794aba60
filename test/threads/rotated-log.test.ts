// #20: a thread store whose operations log was rotated (`operations: []`, or only its tail kept)
// with consistent relations was refused (threads.relations-drift): the format keeps `relations`
// as a cache and never says it must equal what the log implies. "Relations equal the replayed
// log" and "status equals the replayed log" are memkit conventions (warnings); the format's own
// consistency rules (children ↔ parent_id, references_to ↔ referenced_by) stay errors.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkThreadStore } from '../../src/services/threads/index.js';
import { ROOT, runCli, tempDir } from '../cli/helpers.js';

type Store = { operations: unknown[]; relations: Record<string, Record<string, string[]>>; threads: Record<string, Record<string, unknown>> } & Record<string, unknown>;
const STORE = JSON.parse(readFileSync(join(ROOT, 'examples/agent-memory/threads/thread-store.json'), 'utf8')) as Store;
const copy = (): Store => JSON.parse(JSON.stringify(STORE)) as Store;
const errors = (ps: { code: string; severity: string }[]) => ps.filter((p) => p.severity === 'error').map((p) => p.code);

describe('a thread store with a rotated operations log is not refused for relations drift', () => {
  it('an empty or partial log with consistent relations has no error', () => {
    expect(checkThreadStore(STORE)).toEqual([]);
    const empty = checkThreadStore({ ...copy(), operations: [] });
    expect(errors(empty)).toEqual([]);
    for (let k = 1; k < STORE.operations.length; k++) expect(errors(checkThreadStore({ ...copy(), operations: STORE.operations.slice(k) })), `log from ${k}`).toEqual([]);
  });

  it('relations or statuses that disagree with the log are convention warnings; the seed rules stay errors', () => {
    const s = copy();
    // The log says search-ui references store-index; drop both sides consistently.
    s.relations['search-ui']!.references_to = [];
    s.relations['store-index']!.referenced_by = [];
    const drift = checkThreadStore(s);
    expect(errors(drift)).toEqual([]);
    expect(drift.map((p) => [p.code, p.severity])).toContainEqual(['threads.relations-drift', 'warning']);
    // One side only: the format's reference consistency.
    const one = copy();
    one.relations['store-index']!.referenced_by = [];
    expect(errors(checkThreadStore(one))).toContain('threads.reference-asymmetric');
    // A child listed under another parent: the format's parent-child consistency.
    const child = copy();
    child.relations['store-index']!.children = ['search-ui'];
    expect(errors(checkThreadStore(child))).toContain('threads.parent-child-mismatch');
  });

  it('memkit check: a rotated store has no error in the default profile; the drift is a warning, an error under --profile strict', { timeout: 30_000 }, async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'threads'));
      const file = join(t.dir, 'threads/thread-store.json');
      writeFileSync(file, JSON.stringify({ ...copy(), operations: [] }, null, 2));
      const c = await runCli(['check', t.dir, '--format', 'json']);
      const report = JSON.parse(c.stdout) as { problems: { code: string; severity: string }[] };
      expect(errors(report.problems)).toEqual([]);
      expect(report.problems.map((p) => p.code)).toContain('threads.relations-drift');
      expect(report.problems.filter((p) => p.code === 'threads.relations-drift').every((p) => p.severity === 'warning')).toBe(true);
      expect(c.code).toBe(0);
      const strict = await runCli(['check', t.dir, '--format', 'json', '--profile', 'strict']);
      expect(strict.code).toBe(1);
      expect(JSON.parse(strict.stdout).problems).toContainEqual(expect.objectContaining({ code: 'threads.relations-drift', severity: 'error' }));
    } finally {
      t.done();
    }
  });
});
