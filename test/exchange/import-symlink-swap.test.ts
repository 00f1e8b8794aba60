import { mkdirSync, readdirSync, realpathSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { directoryMemory, exportBundle, importBundle } from '../../src/services/exchange/index.js';
import { type FsFacade, nodeFiles, nodeFs } from '../../src/adapters/node/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { tempDir } from '../cli/helpers.js';

// Defect: every file of an import paid for about seventeen path checks on
// libuv's thread pool (each queued behind the fsyncs in flight), and an import
// of 100,000 files ran at under half the speed of a loop of atomic writes. The
// checks are now synchronous and a missing file is not opened, but each path
// is still checked right before it is used: a directory swapped for a symbolic
// link to somewhere outside the target in the middle of an import is refused,
// and nothing is written outside the target.

// notes/d0 first (more files than an import stages at once, so notes/d1 is not touched before the swap), then notes/d1.
const SOURCE: Record<string, string> = {};
for (let i = 0; i < 24; i++) SOURCE[`notes/d${i < 20 ? 0 : 1}/n${String(i).padStart(2, '0')}.md`] = `# note ${i}\n`;

async function bundle(): Promise<string> {
  const r = await exportBundle({ files: memoryFiles(SOURCE) }, { agentId: 'a', env: { now: () => '2026-03-02T00:00:00Z' } });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value.text();
}

/** The node file system, calling `swap` once, right after the first rename whose target (root-relative) matches `when`. */
function swapping(root: () => string, when: RegExp, swap: (target: string) => void): FsFacade {
  let done = false;
  return {
    ...nodeFs,
    async rename(a, b) {
      await nodeFs.rename(a, b);
      const rel = relative(root(), b).split(sep).join('/');
      if (!done && when.test(rel)) {
        done = true;
        swap(rel);
      }
    },
  };
}

/** Files below `dir`, root-relative; a symbolic link is listed as `path -> link`, never followed. */
const files = (dir: string, rel = ''): string[] =>
  readdirSync(join(dir, rel), { withFileTypes: true })
    .flatMap((e) => {
      const p = rel === '' ? e.name : `${rel}/${e.name}`;
      return e.isSymbolicLink() ? [`${p} -> link`] : e.isDirectory() ? files(dir, p) : [p];
    })
    .sort();

describe('a directory swapped for a link out during an import is refused', () => {
  it('a target directory swapped for a link out during the commit: refused, rolled back, nothing outside', { timeout: 30_000 }, async () => {
    const t = tempDir();
    try {
      const target = join(t.dir, 'target');
      const outside = join(t.dir, 'outside');
      mkdirSync(join(target, 'notes', 'd1'), { recursive: true });
      mkdirSync(outside);
      writeFileSync(join(target, 'notes', 'd1', 'keep.md'), 'mine\n');
      const real = realpathSync(target);
      // After the first file lands in notes/d0, notes/d1 becomes a link to the outside directory.
      const fs = swapping(
        () => real,
        /^notes\/d0\//,
        () => {
          renameSync(join(real, 'notes', 'd1'), join(real, 'notes', 'd1-moved'));
          symlinkSync(outside, join(real, 'notes', 'd1'));
        },
      );
      const r = await importBundle(await bundle(), directoryMemory(nodeFiles(target, { extensions: null, fs })));
      expect(r.ok).toBe(false);
      expect(r.ok ? [] : r.problems.map((p) => p.code)).toContain('exchange.write-failed');
      expect(readdirSync(outside)).toEqual([]);
      // Rolled back: no imported file stays, the user's file is where the swap put it, no staging directory is left.
      expect(files(target)).toEqual(['notes/d1 -> link', 'notes/d1-moved/keep.md']);
      expect(readdirSync(target).filter((n) => n.startsWith('.memkit-staging-'))).toEqual([]);
    } finally {
      t.done();
    }
  });

  it('a staging directory swapped for a link out while files are staged: refused, nothing outside, nothing in the target', { timeout: 30_000 }, async () => {
    const t = tempDir();
    try {
      const target = join(t.dir, 'target');
      const outside = join(t.dir, 'outside');
      mkdirSync(target);
      mkdirSync(outside);
      const real = realpathSync(target);
      // After the first staged file of notes/d0, the staging directory's notes/d1 (not created yet) is made a link out.
      const fs = swapping(
        () => real,
        /^\.memkit-staging-[0-9a-f]{32}\/new\/notes\/d0\//,
        (rel) => symlinkSync(outside, join(real, ...rel.split('/').slice(0, 3), 'd1')),
      );
      const r = await importBundle(await bundle(), directoryMemory(nodeFiles(target, { extensions: null, fs })));
      expect(r.ok).toBe(false);
      expect(r.ok ? [] : r.problems.map((p) => p.code)).toContain('exchange.write-failed');
      expect(readdirSync(outside)).toEqual([]);
      expect(files(target).filter((p) => !p.startsWith('.memkit-staging-'))).toEqual([]);
    } finally {
      t.done();
    }
  });
});
