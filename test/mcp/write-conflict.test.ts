// A write tool that rewrites a whole file (remember and the manifest it regenerates, task, thread)
// must not lose a change another writer made while the write was being checked: the bytes it
// started from are compared under the file's lock right before the rename. The race is made
// deterministic: the checker's walk (the write's check step) runs a second real process that edits
// the file, then the write goes on.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/services/wbs/index.js';
import { nodeFiles } from '../../src/adapters/node/index.js';
import { call, codes, copyExample, readTree } from './helpers.js';
import { connectInProcess, editFromAnotherProcess, hookedSource } from './write-helpers.js';

const open: { done(): void }[] = [];
afterEach(() => {
  for (const x of open.splice(0)) x.done();
});

/**
 * Calls `name` with an edit of `file` (to `edited(old)`) made by another process during the
 * write's check, and expects `memory.write-conflict` with the edit kept and no other byte changed.
 */
async function raced(file: string, edited: (old: string) => string, name: string, args: Record<string, unknown>): Promise<string[]> {
  const ex = copyExample('agent-memory');
  open.push(ex);
  const hooks: { onList?: () => void } = {};
  const server = await connectInProcess(ex.dir, hookedSource(ex.dir, hooks));
  try {
    const abs = join(ex.dir, file);
    let afterEdit: Record<string, string> | undefined;
    hooks.onList = () => {
      hooks.onList = undefined;
      editFromAnotherProcess(abs, edited(readFileSync(abs, 'utf8')));
      // Less the lock files the write holds at this point (released when it ends).
      afterEdit = Object.fromEntries(Object.entries(readTree(ex.dir)).filter(([p]) => !p.endsWith('.lock')));
    };
    const r = await call(server.client, name, args);
    expect(afterEdit, 'the write never reached its check').toBeDefined();
    expect(r.isError, JSON.stringify(r.value).slice(0, 400)).toBe(true);
    expect(codes(r.value)).toContain('memory.write-conflict');
    // The other writer's edit survives, and the refused write left nothing behind (no temp, no lock).
    expect(readTree(ex.dir)).toEqual(afterEdit);
    return codes(r.value);
  } finally {
    await server.close();
  }
}

describe('a whole-file write does not overwrite a change made while it was checked', () => {
  it('remember: the doc edited by another process during the check', async () => {
    await raced('.thunderus/memory/semantic/FACTS/build.md', (old) => `${old}\nA line an editor added.\n`, 'remember', {
      id: 'fact.build.tsup',
      title: 'Build, retitled',
    });
  });

  it('remember: the manifest edited by another process during the check (the doc is not written either)', async () => {
    await raced('.thunderus/memory/indexes/manifest.json', (old) => old.replace(/\n$/, '\n\n'), 'remember', { id: 'fact.build.tsup', body: '# Build\n\nNew body.\n' });
  });

  it('remember: a new doc created at its path by another process during the check', async () => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    const hooks: { onList?: () => void } = {};
    const server = await connectInProcess(ex.dir, hookedSource(ex.dir, hooks));
    try {
      const rel = '.thunderus/memory/semantic/FACTS/fresh.md';
      hooks.onList = () => {
        hooks.onList = undefined;
        editFromAnotherProcess(join(ex.dir, rel), 'written by someone else\n');
      };
      const r = await call(server.client, 'remember', { id: 'fact.fresh', title: 'Fresh', kind: 'fact', path: rel, body: '# Fresh\n' });
      expect(codes(r.value)).toContain('memory.write-conflict');
      expect(readFileSync(join(ex.dir, rel), 'utf8')).toBe('written by someone else\n');
    } finally {
      await server.close();
    }
  });

  it('thread: the store edited by another process during the check', async () => {
    await raced('threads/thread-store.json', (old) => old.replace('"Ship memkit 0.1.0"', '"Ship memkit 0.2.0"'), 'thread', {
      command: 'freeze',
      params: { thread_id: 'memkit-main' },
    });
  });

  it('task: an entity file edited by another process during the check', async () => {
    await raced('.claude/memory/tasks/1.2.2.json', (old) => old.replace(/"title": "[^"]*"/, '"title": "Renamed by an editor"'), 'task', { id: '1.2.2', status: 'done' });
  });

  it('a write with no other writer still goes through (the compare passes)', async () => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    const server = await connectInProcess(ex.dir);
    try {
      const r = await call(server.client, 'remember', { id: 'fact.build.tsup', title: 'Build, retitled' });
      expect(r.isError, JSON.stringify(r.value)).toBe(false);
      expect(readFileSync(join(ex.dir, '.thunderus/memory/semantic/FACTS/build.md'), 'utf8')).toContain('title: Build, retitled');
      // No staged file or lock file is left beside the doc or the manifest.
      const left = Object.keys(readTree(ex.dir)).filter((p) => p.endsWith('.memkit-tmp.txt') || p.endsWith('.lock'));
      expect(left).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('applyPlan compares the bytes right before its renames', () => {
  it('keeps an edit made while the new files were being staged', async () => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    const files = nodeFiles(ex.dir, { extensions: null });
    const rel = '.claude/memory/tasks/1.2.2.json';
    const abs = join(ex.dir, rel);
    const old = readFileSync(abs, 'utf8');
    const value = { ...JSON.parse(old), title: 'Patched' };
    const { hashJson } = await import('../../src/kernel/canonical/index.js');
    const plan = { patches: [{ file: 'tasks/1.2.2.json', baseHash: hashJson(JSON.parse(old)), patch: [{ op: 'replace' as const, path: '', value }], fixes: [] }], remaining: [] };
    const edit = `${old.trimEnd()}\n\n`;
    const r = await applyPlan(plan, files, {
      onStep: (step) => {
        // Same JSON, other bytes: only a compare of bytes sees the change.
        if (step === 'staged') writeFileSync(abs, edit);
      },
    });
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.problems.map((p) => p.code)).toEqual(['wbs.plan-stale']);
    expect(readFileSync(abs, 'utf8')).toBe(edit);
    expect(Object.keys(readTree(ex.dir)).filter((p) => p.includes('wbs-tmp') || p.includes('wbs-journal'))).toEqual([]);
  });
});
