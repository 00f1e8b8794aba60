import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { emitSchemaFiles } from '../../../schema/emit.js';
import { type Command, UsageError } from '../command.js';
import { terminalSafe } from '../terminal.js';

/** `memkit schemas`: lists formats, or writes the JSON Schema files with `--out DIR`. */
export const schemasCommand: Command = {
  name: 'schemas',
  help: `Usage: memkit schemas [--out DIR] [--format text|json]

Without --out, lists every format id with its title. With --out DIR, writes
DIR/<format>.schema.json (JSON Schema 2020-12) and DIR/memory_store.sql,
creating DIR when needed and replacing files of the same name.

Exit status: 0 success, 2 usage error (including a DIR that cannot be written).
`,
  options: { out: { type: 'string' }, format: { type: 'string', default: 'text' } },
  async run({ values, positionals }, io) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    if (values.format !== 'text' && values.format !== 'json') throw new UsageError('--format must be text or json');
    const files = emitSchemaFiles();
    const out = values.out as string | undefined;
    if (out !== undefined) {
      if (out === '') throw new UsageError('--out needs a directory');
      const dir = resolve(io.cwd, out);
      try {
        await mkdir(dir, { recursive: true });
        for (const f of files) await writeFile(join(dir, f.name), f.text);
      } catch (cause) {
        throw new UsageError(`cannot write to ${out}: ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}`);
      }
    }
    if (values.format === 'json') {
      const formats = files.filter((f) => f.id).map((f) => ({ id: f.id, title: f.title, file: f.name }));
      io.stdout(JSON.stringify({ ok: true, formats, ...(out !== undefined ? { out, written: files.map((f) => f.name) } : {}) }) + '\n');
    } else {
      for (const f of files) if (f.id) io.stdout(`${f.id.padEnd(24)} ${terminalSafe(f.title)}\n`);
      if (out !== undefined) io.stdout(`wrote ${files.length} files to ${terminalSafe(out)}\n`);
    }
    return 0;
  },
};
