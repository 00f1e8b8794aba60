import { mkdirSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { directoryMemory, exportBundle, importBundle } from '../../src/services/exchange/index.js';
import { type FsFacade, nodeFiles, nodeFs } from '../../src/adapters/node/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { readTree, tempDir } from '../cli/helpers.js';

// Defect: an import fsynced the staging directory once per staged file (and,
// through directoryMemory, the port's directory capabilities were hidden, so
// it could not do otherwise), which made an import of many files pay two
// fsyncs per file where one is needed. Now each directory is synced once:
// the staging directories before the plan is written, the target directories
// (every one a file moved into, and their ancestors) before committed.json.

const N = 120;
const SOURCE: Record<string, string> = {};
for (let i = 0; i < N; i++) SOURCE[`m/d${i % 3}/n${i}.md`] = `# note ${i}\n`;

interface Step {
  op: 'sync-file' | 'sync-dir' | 'rename';
  path: string;
}

/** The node file system, recording every fsync (of a file or a directory) and rename, root-relative. */
function recording(root: () => string, steps: Step[]): FsFacade {
  const rel = (p: string) => relative(root(), p).split(sep).join('/');
  return {
    ...nodeFs,
    async open(path, flags, mode) {
      const h = await nodeFs.open(path, flags, mode);
      return { writeFile: (d) => h.writeFile(d), sync: async () => (await h.sync(), void steps.push({ op: flags === 'r' ? 'sync-dir' : 'sync-file', path: rel(path) })), close: () => h.close() };
    },
    async rename(a, b) {
      await nodeFs.rename(a, b);
      steps.push({ op: 'rename', path: rel(b) });
    },
  };
}

describe('import syncs each directory once, not once per file', () => {
  it('syncs each directory once, staged names before the plan and moved names before committed.json', async () => {
    const t = tempDir();
    try {
      const r = await exportBundle({ files: memoryFiles(SOURCE) }, { agentId: 'a', env: { now: () => '2026-03-02T00:00:00Z' } });
      if (!r.ok) throw new Error('export failed');
      const dir = join(t.dir, 'target');
      mkdirSync(dir);
      const real = realpathSync(dir);
      const steps: Step[] = [];
      const result = await importBundle(await r.value.text(), directoryMemory(nodeFiles(dir, { extensions: null, fs: recording(() => real, steps) })));
      expect(result.ok).toBe(true);
      expect(Object.fromEntries(Object.entries(readTree(dir)).filter(([p]) => !p.endsWith('/')))).toEqual(SOURCE);

      const fileSyncs = steps.filter((s) => s.op === 'sync-file').length;
      const dirSyncs = steps.filter((s) => s.op === 'sync-dir');
      // One fsync per file written (the N staged files and the control files), not two.
      expect(fileSyncs).toBeGreaterThanOrEqual(N);
      expect(dirSyncs.length).toBeLessThan(N / 2);
      // No directory synced twice in a row for one phase: at most once before the plan and once before committed.json, plus the control files' own.
      const counts = new Map<string, number>();
      for (const s of dirSyncs) counts.set(s.path, (counts.get(s.path) ?? 0) + 1);
      for (const [d, c] of counts) expect(c, d).toBeLessThanOrEqual(4);

      const at = (pred: (s: Step) => boolean) => steps.findIndex(pred);
      const plan = at((s) => s.op === 'rename' && s.path.endsWith('/plan.json'));
      const committed = at((s) => s.op === 'rename' && s.path.endsWith('/committed.json'));
      expect(plan).toBeGreaterThan(0);
      expect(committed).toBeGreaterThan(plan);
      // Every staging directory that received a file is synced after its last staged file and before the plan.
      const stagedDirs = new Set(
        steps
          .slice(0, plan)
          .filter((s) => s.op === 'rename' && s.path.includes('/new/'))
          .map((s) => s.path.slice(0, s.path.lastIndexOf('/'))),
      );
      expect(stagedDirs.size).toBe(3);
      const lastStaged = Math.max(...steps.map((s, i) => (s.op === 'rename' && s.path.includes('/new/') && i < plan ? i : -1)));
      for (const d of stagedDirs)
        expect(
          steps.slice(lastStaged, plan).some((s) => s.op === 'sync-dir' && s.path === d),
          d,
        ).toBe(true);
      // Every target directory (and its ancestors up to the root) is synced after the last move and before committed.json.
      const lastMove = Math.max(...steps.map((s, i) => (s.op === 'rename' && s.path.startsWith('m/') ? i : -1)));
      expect(lastMove).toBeGreaterThan(plan);
      for (const d of ['m/d0', 'm/d1', 'm/d2', 'm', ''])
        expect(
          steps.slice(lastMove, committed).some((s) => s.op === 'sync-dir' && s.path === d),
          `"${d}"`,
        ).toBe(true);
    } finally {
      t.done();
    }
  });
});
