// Three `memkit mcp --write` servers (real processes, SDK clients over stdio) retitle one memory
// doc while a fourth process edits its body the way an editor saves (read, change, write a temp,
// rename over it, no lock). No write is lost silently: every editor line is still in the doc at the
// end (only a server overwriting a version it had not read could drop one), and every remember call
// either wrote or was refused with memory.write-conflict.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Connected, call, codes, copyExample, stdioClient } from './helpers.js';

const SERVERS = 3;
const CALLS = 15;
const EDITS = 40;

// Appends `editor-<k>` lines to the file, one atomic save at a time, pausing between saves.
const EDITOR = `
const fs = require('node:fs');
const [file, edits] = [process.argv[1], Number(process.argv[2])];
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
(async () => {
  for (let k = 0; k < edits; k++) {
    const text = fs.readFileSync(file, 'utf8');
    const tmp = file + '.editor-save';
    fs.writeFileSync(tmp, text + 'editor-' + k + '\\n');
    fs.renameSync(tmp, file);
    await pause(10 + Math.random() * 20);
  }
})();
`;

describe('concurrent remember calls and an editor on one doc', () => {
  it(`${SERVERS} servers × ${CALLS} remember calls and ${EDITS} editor saves: nothing lost silently`, { timeout: 300_000 }, async () => {
    const ex = copyExample('agent-memory');
    const rel = '.thunderus/memory/semantic/FACTS/build.md';
    const file = join(ex.dir, rel);
    const clients: Connected[] = [];
    try {
      for (let s = 0; s < SERVERS; s++) clients.push(await stdioClient(ex.dir, ['--write']));
      const editor = spawn(process.execPath, ['-e', EDITOR, file, String(EDITS)], { stdio: 'ignore' });
      const edited = new Promise<number | null>((resolve) => editor.once('exit', resolve));
      const outcomes: string[] = [];
      await Promise.all(
        clients.map(async (c, s) => {
          for (let i = 0; i < CALLS; i++) {
            const r = await call(c.client, 'remember', { id: 'fact.build.tsup', title: `Retitled by server ${s}, call ${i}` });
            outcomes.push(r.isError ? codes(r.value).join(',') : 'written');
          }
        }),
      );
      expect(await edited).toBe(0);
      // Only two outcomes: written, or refused because another writer changed the doc first.
      expect(outcomes.filter((o) => o !== 'written' && o !== 'memory.write-conflict')).toEqual([]);
      expect(outcomes).toContain('written');
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n').filter((l) => l.startsWith('editor-'));
      expect(lines).toEqual(Array.from({ length: EDITS }, (_, k) => `editor-${k}`));
      // The doc is still one memory doc (frontmatter intact), and a write after the race goes through.
      const last = await call(clients[0]!.client, 'remember', { id: 'fact.build.tsup', title: 'After the race' });
      expect(last.isError, JSON.stringify(last.value)).toBe(false);
      expect(readFileSync(file, 'utf8')).toContain('title: After the race');
      expect(
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((l) => l.startsWith('editor-')),
      ).toHaveLength(EDITS);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      ex.done();
    }
  });
});
