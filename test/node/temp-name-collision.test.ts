import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportBundle } from '../../src/services/exchange/index.js';
import { isTempName, nodeFiles, nodeFs } from '../../src/adapters/node/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { runCli, tempDir } from '../cli/helpers.js';

// Defect: an imported file named `*.memkit-tmp` was deleted by the next
// memkit command, which took every such name for a leftover temp file. Temp
// files now carry the writer's pid and 128 random bits in a fixed shape, and
// only that shape is ever removed or hidden.

const USER_NAMES = ['notes.memkit-tmp', 'm/.draft.md.memkit-tmp', `m/.doc.md.${process.pid}-abc-1.memkit-tmp`, 'm/x.1-0123456789abcdef0123456789abcdef.memkit-tmp'];

describe('user files named like memkit temp files are kept, not cleaned up', () => {
  it('imported *.memkit-tmp files survive the next commands and are exported again', async () => {
    const t = tempDir();
    try {
      const files: Record<string, string> = Object.fromEntries(USER_NAMES.map((n) => [n, `user data ${n}\n`]));
      const r = await exportBundle({ files: memoryFiles(files) }, { agentId: 'a' });
      if (!r.ok) throw new Error('export failed');
      const bundle = join(t.dir, 'b.ndjson');
      writeFileSync(bundle, await r.value.text());
      const dir = join(t.dir, 'mem');
      expect((await runCli(['import', bundle, dir])).code).toBe(0);
      // Commands that open the directory (and recover temps) must leave them alone.
      expect((await runCli(['drill', dir])).code).toBe(0);
      const exported = await runCli(['export', dir]);
      expect(exported.code).toBe(0);
      expect((await runCli(['import', bundle, dir])).code).toBe(0);
      expect(await nodeFiles(dir, { extensions: null }).recoverTemps()).toEqual([]);
      for (const n of USER_NAMES) {
        expect(existsSync(join(dir, n)), n).toBe(true);
        expect(readFileSync(join(dir, n), 'utf8')).toBe(files[n]);
        expect(exported.stdout).toContain(JSON.stringify(n));
      }
    } finally {
      t.done();
    }
  });

  it("memkit's own temp names have the recognised shape, and user-like names do not", async () => {
    const t = tempDir();
    try {
      const seen: string[] = [];
      const files = nodeFiles(t.dir, {
        extensions: null,
        fs: {
          ...nodeFs,
          open: async (p, flags, mode) => {
            if (flags === 'wx') seen.push(p.slice(p.lastIndexOf('/') + 1));
            return nodeFs.open(p, flags, mode);
          },
        },
      });
      await files.write('a.md', new TextEncoder().encode('a'));
      await files.write('a.md', new TextEncoder().encode('b'));
      expect(seen.length).toBe(2);
      expect(seen[0]).not.toBe(seen[1]);
      for (const n of seen) expect(isTempName(n), n).toBe(true);
      for (const n of USER_NAMES) expect(isTempName(n.slice(n.lastIndexOf('/') + 1)), n).toBe(false);
    } finally {
      t.done();
    }
  });
});
