import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempDir } from '../cli/helpers.js';

// Defect: `memkit import BUNDLE DIR` failed with "DIR does not exist"; like
// `cp -r` and `git clone` it now creates DIR (its parent must exist).
const BUNDLE = join(ROOT, 'test/fixtures/exchange/v2/directory.ndjson');

describe('memkit import into a DIR that does not exist yet', () => {
  it('creates a missing DIR whose parent exists', async () => {
    const t = tempDir();
    try {
      const dir = join(t.dir, 'fresh');
      const r = await runCli(['import', BUNDLE, dir]);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const drill = await runCli(['drill', dir]);
      expect(drill.code).toBe(0);
    } finally {
      t.done();
    }
  });

  it('a missing parent is a usage error and creates nothing', async () => {
    const t = tempDir();
    try {
      const r = await runCli(['import', BUNDLE, join(t.dir, 'no', 'such')]);
      expect(r.code).toBe(2);
      expect(existsSync(join(t.dir, 'no'))).toBe(false);
    } finally {
      t.done();
    }
  });

  it('DIR naming a file is a usage error', async () => {
    const t = tempDir();
    try {
      writeFileSync(join(t.dir, 'f'), 'x');
      const r = await runCli(['import', BUNDLE, join(t.dir, 'f')]);
      expect(r.code).toBe(2);
      expect(readFileSync(join(t.dir, 'f'), 'utf8')).toBe('x');
    } finally {
      t.done();
    }
  });

  it('a refused import into a new DIR leaves no DIR behind', async () => {
    const t = tempDir();
    try {
      const bad = join(t.dir, 'bad.ndjson');
      writeFileSync(bad, readFileSync(BUNDLE, 'utf8').replace('"type":"File"', '"type":"File" ').slice(0, -40) + '\n');
      const dir = join(t.dir, 'fresh');
      const r = await runCli(['import', bad, dir]);
      expect(r.code).toBe(1);
      expect(existsSync(dir)).toBe(false);
    } finally {
      t.done();
    }
  });
});
