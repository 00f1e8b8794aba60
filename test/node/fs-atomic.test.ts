// Fault injection: an atomic write that fails at any step leaves the file old
// or new, never torn, and recovery leaves no temp file behind.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type FsFacade, type FsFileHandle, TEMP_SUFFIX, nodeFiles, nodeFs } from '../../src/adapters/node/index.js';

const base = mkdtempSync(join(tmpdir(), 'memkit-atomic-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/**
 * The real file system with a step counter: call number `failAt` throws, and
 * with `crash` every later call throws too (nothing can clean up, as after a
 * power cut). A failing write step writes half its bytes first.
 */
function faulty(failAt: number, crash: boolean): { fs: FsFacade; steps: string[] } {
  let count = 0;
  let dead = false;
  const steps: string[] = [];
  const step = (name: string) => {
    count++;
    steps.push(name);
    if (dead) throw Object.assign(new Error(`crashed before ${name}`), { code: 'EIO' });
    if (count === failAt) {
      if (crash) dead = true;
      throw Object.assign(new Error(`injected fault at ${name}`), { code: 'EIO' });
    }
  };
  const wrapHandle = (h: FsFileHandle): FsFileHandle => ({
    async writeFile(data) {
      try {
        step('write');
      } catch (e) {
        await h.writeFile(data.subarray(0, Math.floor(data.length / 2)));
        throw e;
      }
      await h.writeFile(data);
    },
    async sync() {
      step('fsync');
      await h.sync();
    },
    async close() {
      await h.close(); // always release the descriptor
      step('close');
    },
  });
  const fs: FsFacade = {
    async open(path, flags, mode) {
      step(`open:${flags}`);
      return wrapHandle(await nodeFs.open(path, flags, mode));
    },
    readFile: (p) => nodeFs.readFile(p),
    async rename(a, b) {
      step('rename');
      await nodeFs.rename(a, b);
    },
    async unlink(p) {
      step('unlink');
      await nodeFs.unlink(p);
    },
    async mkdir(p) {
      step('mkdir');
      await nodeFs.mkdir(p);
    },
    readdir: (p) => nodeFs.readdir(p),
    realpath: (p) => nodeFs.realpath(p),
  };
  return { fs, steps };
}

const temps = (dir: string): string[] =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(TEMP_SUFFIX));

describe('atomic writes under injected faults', () => {
  it('counts the steps of one write', async () => {
    const root = join(base, 'count');
    mkdirSync(join(root, 'm'), { recursive: true });
    const { fs, steps } = faulty(0, false);
    await nodeFiles(root, { fs }).write('m/doc.md', new TextEncoder().encode('x'));
    expect(steps).toEqual(['open:wx', 'write', 'fsync', 'close', 'rename', 'open:r', 'fsync', 'close']);
  });

  it('creates a missing directory only when the create fails for want of it', async () => {
    const root = join(base, 'count-new-dir');
    mkdirSync(root, { recursive: true });
    const { fs, steps } = faulty(0, false);
    await nodeFiles(root, { fs }).write('m/n/doc.md', new TextEncoder().encode('x'));
    expect(steps).toEqual(['open:wx', 'mkdir', 'open:wx', 'write', 'fsync', 'close', 'rename', 'open:r', 'fsync', 'close']);
    expect(readFileSync(join(root, 'm/n/doc.md'), 'utf8')).toBe('x');
    // A fault at the mkdir fails the write and leaves nothing behind.
    const failing = faulty(2, false);
    const other = join(base, 'count-new-dir-fail');
    mkdirSync(other, { recursive: true });
    await expect(nodeFiles(other, { fs: failing.fs }).write('m/doc.md', new TextEncoder().encode('x'))).rejects.toThrow();
    expect(readdirSync(other)).toEqual([]);
  });

  for (const crash of [false, true]) {
    it(`leaves the file old or new at every failing step (${crash ? 'crash: no cleanup' : 'error: cleanup runs'})`, async () => {
      const oldText = 'OLD '.repeat(5000);
      const newText = 'NEW '.repeat(7000);
      for (let failAt = 1; failAt <= 8; failAt++) {
        const root = join(base, `${crash ? 'crash' : 'err'}-${failAt}`);
        mkdirSync(join(root, 'm'), { recursive: true });
        writeFileSync(join(root, 'm/doc.md'), oldText);
        const { fs } = faulty(failAt, crash);
        const files = nodeFiles(root, { fs, recover: false });
        const outcome = await files.write('m/doc.md', new TextEncoder().encode(newText)).then(
          () => 'ok',
          () => 'failed',
        );
        const now = readFileSync(join(root, 'm/doc.md'), 'utf8');
        expect([oldText, newText], `step ${failAt}`).toContain(now);
        // Steps 1-5 come before the rename completes: the write fails and the old bytes stay; later faults hit the directory fsync after it.
        expect(outcome, `step ${failAt}`).toBe('failed');
        expect(now, `step ${failAt}`).toBe(failAt <= 5 ? oldText : newText);
        if (!crash) expect(temps(root), `step ${failAt}`).toEqual([]);
        // Recovery (explicit, or on the next open) removes leftovers.
        const reopened = nodeFiles(root);
        expect(await reopened.list('m')).toEqual(['m/doc.md']);
        expect(temps(root), `step ${failAt}`).toEqual([]);
        expect(await reopened.recoverTemps()).toEqual([]);
      }
    });
  }

  it('recoverTemps removes a leftover temp file of a dead write and reports it', async () => {
    const root = join(base, 'leftover');
    mkdirSync(join(root, 'm'), { recursive: true });
    const name = `.doc.md.${process.pid}-${'ab'.repeat(16)}${TEMP_SUFFIX}`;
    writeFileSync(join(root, 'm', name), 'torn');
    const files = nodeFiles(root, { recover: false });
    expect(await files.recoverTemps()).toEqual([`m/${name}`]);
    expect(temps(root)).toEqual([]);
  });

  it('names that only end in .memkit-tmp are user files: listed, never removed', async () => {
    const root = join(base, 'user-tmp');
    mkdirSync(join(root, 'm'), { recursive: true });
    const users = ['notes.memkit-tmp', `.doc.md.${process.pid}-abc-1${TEMP_SUFFIX}`, `.x.1-${'g'.repeat(32)}${TEMP_SUFFIX}`];
    for (const u of users) writeFileSync(join(root, 'm', u), 'mine');
    const files = nodeFiles(root, { extensions: null });
    expect(await files.recoverTemps()).toEqual([]);
    expect(await files.list('m')).toEqual(users.map((u) => `m/${u}`).sort());
  });
});
