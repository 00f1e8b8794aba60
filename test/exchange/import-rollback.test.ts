import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ImportResult, directoryMemory, exportBundle, importBundle, recoverStaging } from '../../src/services/exchange/index.js';
import { type FsFacade, nodeFiles, nodeFs } from '../../src/adapters/node/index.js';
import { type FilePort, memoryFiles } from '../../src/kernel/file-port.js';
import { readTree as tree, runCli, tempDir } from '../cli/helpers.js';

// Defect: a refused import had already written files and said "nothing was
// imported"; 5 of 6 failures during the write pass left files behind. Now
// every file is staged and moved into place at the end, a failed move puts
// back what was moved, and the message says exactly what was written.

const doc = (updated: string, body: string) => `---\nid: x\nupdated: ${updated}\n---\n${body}\n`;
const SOURCE: Record<string, string> = {};
for (let i = 0; i < 10; i++) SOURCE[`m/d${i % 3}/doc${i}.md`] = doc('2026-03-01T00:00:00Z', `new ${i}`);
// The target holds older copies of three of them, which overwrite-older replaces.
const OLD: Record<string, string> = {
  'm/d0/doc0.md': doc('2026-01-01T00:00:00Z', 'old 0'),
  'm/d1/doc4.md': doc('2026-01-01T00:00:00Z', 'old 4'),
  'm/d2/doc8.md': doc('2026-01-01T00:00:00Z', 'old 8'),
  'keep.md': 'mine\n',
};

async function bundleOf(files: Record<string, string>): Promise<string> {
  const r = await exportBundle({ files: memoryFiles(files) }, { agentId: 'a', env: { now: () => '2026-03-02T00:00:00Z' } });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value.text();
}

const equal = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);
const text = (m: Map<string, Uint8Array>) => Object.fromEntries([...m].map(([k, v]) => [k, new TextDecoder().decode(v)]));

/** A memory file port whose mutating calls fail: the n-th only (`once`), every write from the n-th on (a full disk), or every call from the n-th on (`broken`). */
function failing(base: FilePort, n: number, mode: 'once' | 'disk-full' | 'broken'): FilePort {
  let calls = 0;
  let writes = 0;
  const boom = (op: string) => Object.assign(new Error(`injected ${op} failure`), { code: mode === 'disk-full' ? 'ENOSPC' : 'EIO' });
  return {
    read: (p) => base.read(p),
    list: (p) => base.list(p),
    async write(p, d) {
      calls++;
      writes++;
      if (mode === 'once' ? calls === n : mode === 'broken' ? calls >= n : writes >= n) throw boom('write');
      return base.write(p, d);
    },
    async rename(a, b) {
      calls++;
      if (mode === 'once' ? calls === n : mode === 'broken' && calls >= n) throw boom('rename');
      return base.rename(a, b);
    },
    async remove(p) {
      calls++;
      if (mode === 'once' ? calls === n : mode === 'broken' && calls >= n) throw boom('remove');
      return base.remove(p);
    },
  };
}

function expectNothingWritten(r: ImportResult): void {
  expect(r.ok).toBe(false);
  expect(r.partial).toBeUndefined();
  expect(r.ok ? [] : r.problems.map((p) => p.code)).toContain('exchange.write-failed');
}

describe('an import whose write fails part-way rolls back: all or nothing', () => {
  it('a failing file port, at every mutating call in turn and as a full disk: all or nothing', { timeout: 60_000 }, async () => {
    const bundle = await bundleOf(SOURCE);
    const expected = text(
      (
        await (async () => {
          const files = memoryFiles(OLD);
          const r = await importBundle(bundle, { files }, { policy: 'overwrite-older' });
          expect(r.ok).toBe(true);
          return files;
        })()
      ).snapshot(),
    );
    expect(Object.keys(expected).length).toBe(11);
    let failures = 0;
    for (const mode of ['once', 'disk-full'] as const) {
      for (let n = 1; n <= 40; n++) {
        const base = memoryFiles(OLD);
        const r = await importBundle(bundle, { files: failing(base, n, mode) }, { policy: 'overwrite-older' });
        if (r.ok) {
          // Only the clean-up after a commit failed: the import stands, and the next import removes the leftovers.
          if (!equal(text(base.snapshot()), expected)) {
            const found = await recoverStaging(base);
            expect(found.length, `${mode} ${n}`).toBe(1);
            expect(found[0]!.action, `${mode} ${n}`).not.toBe('rolled-back');
          }
          expect(text(base.snapshot()), `${mode} ${n}`).toEqual(expected);
          continue;
        }
        failures++;
        expectNothingWritten(r);
        expect(text(base.snapshot()), `${mode} ${n}`).toEqual(OLD);
      }
    }
    expect(failures).toBeGreaterThan(20);
  });

  it('when even the roll-back fails, the result names exactly the paths not put back, and their old bytes are kept', { timeout: 60_000 }, async () => {
    const bundle = await bundleOf(SOURCE);
    let partials = 0;
    for (let n = 1; n <= 40; n++) {
      const base = memoryFiles(OLD);
      const r = await importBundle(bundle, { files: failing(base, n, 'broken') }, { policy: 'overwrite-older' });
      if (r.ok) continue;
      const now = text(base.snapshot());
      const user = Object.fromEntries(Object.entries(now).filter(([p]) => !p.startsWith('.memkit-staging-')));
      const differs = [...new Set([...Object.keys(user), ...Object.keys(OLD)])].filter((p) => user[p] !== OLD[p]).sort();
      if (r.partial === undefined) {
        expect(differs, `broken ${n}`).toEqual([]);
        continue;
      }
      partials++;
      expect(r.partial.records).toBe(0);
      expect([...r.partial.files].sort(), `broken ${n}`).toEqual(differs);
      for (const p of differs) if (OLD[p] !== undefined) expect(now[`${r.partial.backups}/${p}`], `broken ${n} ${p}`).toBe(OLD[p]);
    }
    expect(partials).toBeGreaterThan(0);
  });

  it('a file where a directory is needed: memkit import writes nothing and says so', async () => {
    const t = tempDir();
    try {
      const bundlePath = join(t.dir, 'b.ndjson');
      writeFileSync(bundlePath, await bundleOf({ ...SOURCE, 'z/late.md': 'late\n' }));
      const dir = join(t.dir, 'mem');
      mkdirSync(dir);
      for (const [p, c] of Object.entries(OLD)) {
        mkdirSync(join(dir, p, '..'), { recursive: true });
        writeFileSync(join(dir, p), c);
      }
      writeFileSync(join(dir, 'z'), 'a file where the bundle needs a directory');
      const before = tree(dir);
      const r = await runCli(['import', bundlePath, dir, '--policy', 'overwrite-older', '--format', 'json']);
      expect(r.code).toBe(1);
      const out = JSON.parse(r.stdout) as { problems: { code: string }[]; written: unknown };
      expect(out.problems.map((p) => p.code)).toContain('exchange.write-failed');
      expect(out.written).toEqual({ files: [], records: 0 });
      expect(tree(dir)).toEqual(before);
      const txt = await runCli(['import', bundlePath, dir, '--policy', 'overwrite-older']);
      expect(txt.stdout + txt.stderr).toContain('nothing was imported');
      expect(tree(dir)).toEqual(before);
    } finally {
      t.done();
    }
  });

  it('a name too long for the file system: memkit import writes nothing', async () => {
    const t = tempDir();
    try {
      const bundlePath = join(t.dir, 'b.ndjson');
      writeFileSync(bundlePath, await bundleOf({ ...SOURCE, [`m/${'n'.repeat(300)}.md`]: 'long\n' }));
      const dir = join(t.dir, 'mem');
      mkdirSync(dir);
      writeFileSync(join(dir, 'keep.md'), 'mine\n');
      const before = tree(dir);
      const r = await runCli(['import', bundlePath, dir, '--format', 'json']);
      expect(r.code).toBe(1);
      expect((JSON.parse(r.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('exchange.write-failed');
      expect(tree(dir)).toEqual(before);
    } finally {
      t.done();
    }
  });

  it.skipIf(process.getuid?.() === 0)('a read-only subdirectory: memkit import writes nothing (skipped as root, who may write anywhere)', async () => {
    const t = tempDir();
    try {
      const bundlePath = join(t.dir, 'b.ndjson');
      writeFileSync(bundlePath, await bundleOf(SOURCE));
      const dir = join(t.dir, 'mem');
      mkdirSync(join(dir, 'm', 'd2'), { recursive: true });
      const { chmodSync } = await import('node:fs');
      chmodSync(join(dir, 'm', 'd2'), 0o555);
      const before = tree(dir);
      const r = await runCli(['import', bundlePath, dir]);
      chmodSync(join(dir, 'm', 'd2'), 0o755);
      expect(r.code).toBe(1);
      expect(tree(dir)).toEqual(before);
    } finally {
      t.done();
    }
  });

  it('a read-only subdirectory as the file system reports it (EACCES on moves into it, also as root): nothing written', async () => {
    const t = tempDir();
    try {
      const dir = join(t.dir, 'mem');
      mkdirSync(dir);
      for (const [p, c] of Object.entries(OLD)) {
        mkdirSync(join(dir, p, '..'), { recursive: true });
        writeFileSync(join(dir, p), c);
      }
      const before = tree(dir);
      const readOnly: FsFacade = {
        ...nodeFs,
        async rename(from, to) {
          if (to.includes(`${join(dir, 'm', 'd2')}/`)) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
          return nodeFs.rename(from, to);
        },
      };
      const r = await importBundle(await bundleOf(SOURCE), directoryMemory(nodeFiles(dir, { extensions: null, fs: readOnly })), { policy: 'overwrite-older' });
      expectNothingWritten(r);
      expect(tree(dir)).toEqual(before);
    } finally {
      t.done();
    }
  });

  it('a full disk on the real file system (ENOSPC from the 4th file opened): nothing written, no staging left', async () => {
    const t = tempDir();
    try {
      const dir = join(t.dir, 'mem');
      mkdirSync(dir);
      writeFileSync(join(dir, 'keep.md'), 'mine\n');
      const before = tree(dir);
      let opens = 0;
      const full: FsFacade = {
        ...nodeFs,
        async open(path, flags, mode) {
          if (flags.includes('w') && ++opens >= 4) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
          return nodeFs.open(path, flags, mode);
        },
      };
      const r = await importBundle(await bundleOf(SOURCE), directoryMemory(nodeFiles(dir, { extensions: null, fs: full })));
      expectNothingWritten(r);
      expect(tree(dir)).toEqual(before);
      expect(statSync(dir).isDirectory()).toBe(true);
    } finally {
      t.done();
    }
  });
});
