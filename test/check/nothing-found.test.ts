import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempDir } from '../cli/helpers.js';

// Defect: `memkit check` on a directory with no memory file printed nothing and exited 0.
describe('check on a directory holding no memkit file is a usage error, not a clean pass', () => {
  it('is a usage error (exit 2) saying nothing was found, in every output format', async () => {
    const t = tempDir();
    try {
      for (const format of ['text', 'json', 'sarif']) {
        const r = await runCli(['check', t.dir, '--format', format]);
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toContain('nothing to check');
      }
    } finally {
      t.done();
    }
  });

  it('is a usage error when the directory holds only files that are not memkit formats', async () => {
    const t = tempDir();
    try {
      writeFileSync(join(t.dir, 'README.md'), '# Hello\n');
      writeFileSync(join(t.dir, 'package.json'), '{"name":"x"}\n');
      mkdirSync(join(t.dir, 'docs'));
      writeFileSync(join(t.dir, 'docs', 'notes.jsonl'), '{"a":1}\n');
      expect((await runCli(['check', t.dir])).code).toBe(2);
    } finally {
      t.done();
    }
  });

  it('still checks a directory that holds one memkit file, and the text output ends with what was checked', async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, '.thunderus'));
      writeFileSync(join(t.dir, '.thunderus', 'events.jsonl'), '');
      const r = await runCli(['check', t.dir]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('1 file checked (1 events), 0 errors, 0 warnings\n');
      const ex = await runCli(['check', 'examples/agent-memory'], { cwd: ROOT });
      expect(ex.code).toBe(0);
      expect(ex.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ files checked \(.*\b6 memory-doc\b.*\b1 decision-log\b.*\), 0 errors, 0 warnings$/);
    } finally {
      t.done();
    }
  });
});
