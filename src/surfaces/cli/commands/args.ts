// The command-line argument checks every command shares, in a module of their own: `memkit mcp` uses
// them before it serves, and must not load the checker's modules to do so.
import { stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../command.js';
import type { CliIo } from '../io.js';

/** The `--format` option every command shares. */
export const formatOption = { type: 'string', default: 'text' } as const;

/** The help line of `--format`. */
export const FORMAT_HELP = `  --format text|json|sarif   output format (default text)`;

/** `--allow-secret FINGERPRINT` (repeatable), every write command's. */
export const allowSecretOption = { type: 'string', multiple: true } as const;

/** The help line of `--allow-secret`. */
export const ALLOW_SECRET_HELP = `  --allow-secret FINGERPRINT  a secret.detected fingerprint the write may keep (repeatable)`;

/** The fingerprints of `--allow-secret`, checked: 16 hex digits each, as `secret.detected` prints them. */
export function allowedSecrets(value: unknown): string[] {
  const allow = (value as string[] | undefined) ?? [];
  for (const f of allow)
    if (!/^[0-9a-f]{16}$/.test(f)) throw new UsageError(`--allow-secret takes a fingerprint of 16 hex digits, as secret.detected prints it, not ${JSON.stringify(f.slice(0, 20))}`);
  return allow;
}

/** The `file://` URI of a directory, with a trailing slash (SARIF `originalUriBaseIds`). */
export function dirUri(abs: string): string {
  const href = pathToFileURL(abs).href;
  return href.endsWith('/') ? href : href + '/';
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
