import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { RULES } from '../all-codes.js';
import { CONFIG_FILE, MAX_CONFIG_BYTES, type MemkitConfig, configFromRead, configTooLarge } from '../../engine/config.js';
import { type Problem, fail, ok } from '../../kernel/problems/index.js';
import { UsageError } from './command.js';
import type { CliIo } from './io.js';
import { absolute } from './commands/shared.js';

/** One problem of a config file as a line of a usage error: `file:line:column: message (at pointer) [code]`. */
const problemLine = (name: string, p: Problem) =>
  `${name}${p.line === undefined ? '' : `:${p.line}${p.column === undefined ? '' : `:${p.column}`}`}: ${p.message}${p.pointer ? ` (at ${p.pointer})` : ''} [${p.code}]`;

/**
 * The config of a CLI run over DIR: `--config FILE`, else DIR's config file
 * when it exists, else `null`, by the library's loader ({@link configFromRead});
 * one that cannot be used is a usage error naming its file, line and column.
 * Only a regular file is read (non-blocking, at most {@link MAX_CONFIG_BYTES}),
 * and DIR's own config is not followed through a symbolic link.
 */
export async function cliConfig(option: string | undefined, dir: string, dirName: string, io: CliIo): Promise<MemkitConfig | null> {
  const abs = option === undefined ? join(dir, CONFIG_FILE) : absolute(io, option);
  const name = option ?? (dirName === '.' ? CONFIG_FILE : `${dirName.replace(/\/+$/, '')}/${CONFIG_FILE}`);
  let bytes: Uint8Array | undefined;
  let tooLarge: number | undefined;
  try {
    const fh = await open(abs, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (option === undefined ? (constants.O_NOFOLLOW ?? 0) : 0));
    try {
      const info = await fh.stat();
      if (!info.isFile()) throw new UsageError(`the config file ${name} is not a regular file`);
      if (info.size > MAX_CONFIG_BYTES) tooLarge = info.size;
      else bytes = new Uint8Array(await fh.readFile());
    } finally {
      await fh.close();
    }
  } catch (cause) {
    if (cause instanceof UsageError) throw cause;
    const code = (cause as NodeJS.ErrnoException).code;
    if (option === undefined && code === 'ENOENT') return null;
    if (option === undefined && code === 'ELOOP')
      throw new UsageError(`the config file ${name} is a symbolic link; memkit does not follow links out of the checked directory (name the file with --config)`);
    throw new UsageError(`cannot read the config file ${name}: ${code ?? (cause as Error).message}`);
  }
  const read = tooLarge === undefined ? ok(bytes) : fail([configTooLarge(tooLarge, name)]);
  const loaded = configFromRead(read, name, RULES);
  if (loaded.ok) return loaded.value;
  throw new UsageError(`invalid config file: ${loaded.problems.map((p) => problemLine(name, p)).join('; ')}`);
}
