import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/surfaces/cli/io.js';
import { run } from '../../src/surfaces/cli/run.js';
import { emitSchemaFiles, formatIds } from '../../src/schema/index.js';

const dir = mkdtempSync(join(tmpdir(), 'memkit-schemas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: (s) => void (out += s),
    stderr: (s) => void (err += s),
    stdoutTTY: false,
    stderrTTY: false,
    env: {},
    cwd: dir,
  };
  const code = await run(argv, io);
  return { code, out, err };
}

describe('memkit schemas', () => {
  it('lists every format id with its title', async () => {
    const r = await cli('schemas');
    expect(r.code).toBe(0);
    const ids = r.out
      .trim()
      .split('\n')
      .map((l) => l.split(/\s+/)[0]);
    expect(ids).toEqual([...formatIds]);
  });

  it('--format json prints one object listing the formats', async () => {
    const r = await cli('schemas', '--format', 'json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.ok).toBe(true);
    expect(json.formats.map((f: { id: string }) => f.id)).toEqual([...formatIds]);
    expect(json.formats[0]).toEqual({ id: 'memory-doc', title: expect.any(String), file: 'memory-doc.schema.json' });
  });

  it('--out DIR writes every schema and memory_store.sql, equal to a fresh emit', async () => {
    const r = await cli('schemas', '--out', 'nested/out', '--format', 'json');
    expect(r.code).toBe(0);
    const files = emitSchemaFiles();
    expect(JSON.parse(r.out).written).toEqual(files.map((f) => f.name));
    expect(readdirSync(join(dir, 'nested/out')).sort()).toEqual(files.map((f) => f.name).sort());
    for (const f of files) expect(readFileSync(join(dir, 'nested/out', f.name), 'utf8')).toBe(f.text);
    const again = await cli('schemas', '--out', 'nested/out');
    expect(again.code).toBe(0);
    expect(again.out).toContain(`wrote ${files.length} files to nested/out`);
  });

  it('usage errors exit 2: stray argument, unwritable --out, bad --format', async () => {
    writeFileSync(join(dir, 'a-file'), 'x');
    for (const argv of [
      ['schemas', 'extra'],
      ['schemas', '--out', 'a-file'],
      ['schemas', '--out', 'a-file/sub'],
      ['schemas', '--format', 'xml'],
      ['schemas', '--format', 'sarif'],
      ['schemas', '--out'],
    ]) {
      const r = await cli(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.out, argv.join(' ')).toBe('');
      expect(r.err, argv.join(' ')).toMatch(/memkit schemas: /);
    }
  });
});
