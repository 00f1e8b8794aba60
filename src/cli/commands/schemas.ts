import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { emitSchemaFiles } from '../../schemas/emit.js';
import type { Command } from '../command.js';

/** `memkit schemas`: lists formats, or writes the JSON Schema files with `--out DIR`. */
export const schemasCommand: Command = {
  name: 'schemas',
  summary: 'list memkit formats, or write their JSON Schema 2020-12 files',
  help: `Usage: memkit schemas [--out DIR] [--format text|json]

Without --out, lists every format id with its title. With --out DIR, writes
DIR/<format>.schema.json (JSON Schema 2020-12) and DIR/memory_store.sql.

Exit status: 0 success, 2 usage error.
`,
  options: { out: { type: 'string' }, format: { type: 'string', default: 'text' } },
  async run({ values }, io) {
    const files = emitSchemaFiles();
    const out = values.out as string | undefined;
    if (out !== undefined) {
      const dir = resolve(io.cwd, out);
      await mkdir(dir, { recursive: true });
      for (const f of files) await writeFile(join(dir, f.name), f.text);
    }
    if (values.format === 'json') {
      io.stdout(JSON.stringify({ ok: true, formats: files.filter((f) => f.id).map((f) => ({ id: f.id, title: f.title, file: f.name })), ...(out ? { out } : {}) }) + '\n');
    } else {
      for (const f of files) if (f.id) io.stdout(`${f.id.padEnd(24)} ${f.title}\n`);
      if (out !== undefined) io.stdout(`wrote ${files.length} files to ${out}\n`);
    }
    return 0;
  },
};
