import { type NodeFiles, nodeFiles } from '../../../adapters/node/fs-port.js';
import { nodeHasher } from '../../../adapters/node/hasher.js';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Hasher, JsonPositions } from '../../../kernel/canonical/index.js';
import { parseJson } from '../../../syntax/json.js';
import { PROFILES, type Profile } from '../../../engine/profile.js';
import type { Problem } from '../../../kernel/problems/index.js';
import { UsageError } from '../command.js';

export { ALLOW_SECRET_HELP, FORMAT_HELP, absolute, allowSecretOption, allowedSecrets, byteSize, dirUri, existing, formatOption, positiveInt, shown } from './args.js';

/** The CLI hashes with node:crypto. */
export const cliHasher: Hasher = nodeHasher;

/** The CLI's view of a directory: `memkit/node`'s root-confined file port with any extension allowed (bundles may carry any memory file). */
export function cliFiles(root: string): NodeFiles {
  return nodeFiles(root, { extensions: null });
}

/** `--profile`, checked: `spec`, `strict` or none. */
export function profileOption(value: unknown): Profile | undefined {
  if (value !== undefined && !(PROFILES as readonly unknown[]).includes(value)) throw new UsageError(`--profile must be ${PROFILES.join(' or ')}, not "${value}"`);
  return value as Profile | undefined;
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
