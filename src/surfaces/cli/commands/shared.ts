import { type NodeFiles, nodeFiles } from '../../../adapters/node/fs-port.js';
import { nodeHasher } from '../../../adapters/node/hasher.js';
import { readFile, stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Hasher, JsonPositions } from '../../../kernel/canonical/index.js';
import { parseJson } from '../../../syntax/json.js';
import { PROFILES, type Profile } from '../../../engine/profile.js';
import type { Problem } from '../../../kernel/problems/index.js';
import { UsageError } from '../command.js';
import type { CliIo } from '../io.js';

/** The `--format` option every command shares. */
export const formatOption = { type: 'string', default: 'text' } as const;

/** The help line of `--format`. */
export const FORMAT_HELP = `  --format text|json|sarif   output format (default text)`;

/** The CLI hashes with node:crypto. */
export const cliHasher: Hasher = nodeHasher;

/** The CLI's view of a directory: `memkit/node`'s root-confined file port with any extension allowed (bundles may carry any memory file). */
export function cliFiles(root: string): NodeFiles {
  return nodeFiles(root, { extensions: null });
}

/** Resolves a command-line path against the working directory. */
export function absolute(io: CliIo, path: string): string {
  return resolve(io.cwd, path);
}

/** A path relative to the working directory, `/`-separated (for messages and reports). */
export function shown(io: CliIo, abs: string): string {
  const rel = relative(io.cwd, abs).split(sep).join('/');
  return rel === '' ? '.' : rel;
}

/** The `file://` URI of a directory, with a trailing slash (SARIF `originalUriBaseIds`). */
export function dirUri(abs: string): string {
  const href = pathToFileURL(abs).href;
  return href.endsWith('/') ? href : href + '/';
}

/** The absolute path of a command-line `path` that must be an existing file or directory, else a usage error. */
export async function existing(io: CliIo, path: string, kind: 'file' | 'directory'): Promise<string> {
  const abs = absolute(io, path);
  const info = await stat(abs).catch(() => undefined);
  if (info === undefined) throw new UsageError(`${path} does not exist`);
  if (kind === 'file' ? !info.isFile() : !info.isDirectory()) throw new UsageError(`${path} is not a ${kind}`);
  return abs;
}

/** Parses a positive integer flag value (e.g. `--limit 10`), or throws a usage error. */
export function positiveInt(value: unknown, flag: string, allowZero = false): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < (allowZero ? 0 : 1)) throw new UsageError(`${flag} must be a ${allowZero ? 'non-negative' : 'positive'} integer`);
  return n;
}

/** `--profile`, checked: `spec`, `strict` or none. */
export function profileOption(value: unknown): Profile | undefined {
  if (value !== undefined && !(PROFILES as readonly unknown[]).includes(value)) throw new UsageError(`--profile must be ${PROFILES.join(' or ')}, not "${value}"`);
  return value as Profile | undefined;
}

/** Parses a byte size such as `1048576`, `512k`, `64m`, `1g`. */
export function byteSize(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const m = /^([0-9]+)([kmg]?)b?$/i.exec(String(value).trim());
  if (!m) throw new UsageError(`${flag} must be a size in bytes, e.g. 1048576, 512k, 64m`);
  const mult = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  const n = Number(m[1]) * mult;
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`${flag} is out of range`);
  return n;
}

/** `p` with the line and column of its pointer in `positions` (a problem with a line, or no pointer, as it is). */
export function locatedAt(p: Problem, positions: JsonPositions | undefined): Problem {
  const at = p.line === undefined && p.pointer !== undefined ? positions?.locate(p.pointer) : undefined;
  return at ? { ...p, line: at.line, column: at.column } : p;
}

/** Problems about JSON files under `dir` located in them ({@link locatedAt}); each file is read and parsed once, an unreadable one left as it is. */
export async function locateInDir(dir: string, problems: Problem[]): Promise<Problem[]> {
  const parsed = new Map<string, JsonPositions | undefined>();
  for (const p of problems) {
    if (p.line !== undefined || p.pointer === undefined || p.file === undefined || !p.file.endsWith('.json') || parsed.has(p.file)) continue;
    const text = await readFile(resolve(dir, p.file), 'utf8').catch(() => undefined);
    parsed.set(p.file, text === undefined ? undefined : parseJson(text, { positions: true }).positions);
  }
  return problems.map((p) => (p.file === undefined ? p : locatedAt(p, parsed.get(p.file))));
}
