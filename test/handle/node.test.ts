// memkit/node's openMemory: a directory path, lock files shared between handles, folders created by the first write.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendEntry, openMemory } from '../../src/adapters/node/index.js';
import { copyExample } from '../cli/helpers.js';

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'memkit-handle-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const decision = (rationale: string) => ({ proposer_agent: 'ReaperOAK', rationale, diff_hash: 'c'.repeat(64), tests_passed: true });

describe('memkit/node openMemory', () => {
  it('creates the memory bank folder with the first decision of a fresh directory', async () => {
    const dir = fresh();
    const memory = openMemory(dir);
    const appended = await memory.appendOrThrow('decision-log', decision('first'));
    expect(appended.path).toBe('memory-bank/decisionLog.md');
    expect(
      readFileSync(join(dir, 'memory-bank', 'decisionLog.md'), 'utf8')
        .trim()
        .split('\n'),
    ).toHaveLength(1);
    expect((await memory.verifyOrThrow('decision-log')).entries).toBe(1);
    const report = await memory.check();
    expect(report.ok).toBe(true);
    expect(existsSync(join(dir, 'memory-bank', 'decisionLog.md.lock'))).toBe(false);
  });

  it('writes the first memory doc of a fresh directory', async () => {
    const dir = fresh();
    const memory = openMemory(dir);
    const written = await memory.writeDocOrThrow({ id: 'fact.first', title: 'First', kind: 'fact' });
    expect(written.changed.map((c) => c.path)).toEqual(['.thunderus/memory/semantic/FACTS/fact.first.md']);
    expect((await memory.readDocOrThrow({ id: 'fact.first' })).frontmatter.title).toBe('First');
  });

  it('says a missing directory in its own words, never a raw ENOENT', async () => {
    const missing = join(fresh(), 'no', 'such', 'dir');
    const memory = openMemory(missing);
    for (const result of [await memory.readDoc({ path: '.thunderus/memory/a.md' }), await memory.verify('decision-log'), await memory.readyTasks()]) {
      expect(result.ok).toBe(false);
      if (!result.ok) for (const p of result.problems) expect(p.message).not.toMatch(/ENOENT/);
    }
    const direct = await appendEntry(join(missing, 'decisionLog.md'), decision('x'), { format: 'decision-log' });
    expect(direct.ok).toBe(false);
    if (!direct.ok) expect(direct.problems[0]?.message).toMatch(/does not exist/);
  });

  it('two handles on one directory append under the same lock: every entry once, the chain valid', async () => {
    const example = copyExample('agent-memory');
    try {
      const a = openMemory(example.dir);
      const b = openMemory(example.dir);
      const before = (await a.verifyOrThrow('decision-log')).entries;
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).append('decision-log', decision(`entry ${i}`))));
      expect(results.filter((r) => !r.ok)).toEqual([]);
      const after = await a.verifyOrThrow('decision-log');
      expect(after.entries).toBe(before + 20);
      const rationales = (await b.entriesOrThrow('decision-log')).map((e) => (e.value as { rationale: string }).rationale);
      expect(new Set(rationales.slice(before)).size).toBe(20);
    } finally {
      example.done();
    }
  });
});

describe('memkit/node openMemory into a directory not there yet', () => {
  it('imports a bundle into it, creating it', async () => {
    const example = copyExample('agent-memory');
    try {
      const bundle = await openMemory(example.dir).exportOrThrow({ agentId: 'test' });
      const target = join(fresh(), 'not', 'yet');
      const copy = openMemory(target);
      const imported = await copy.importOrThrow(bundle);
      expect(imported.written).toBe(imported.records);
      expect(existsSync(join(target, 'memory-bank', 'decisionLog.md'))).toBe(true);
      expect((await copy.check()).ok).toBe(true);
    } finally {
      example.done();
    }
  });
});
