import { type Hasher, jsHasher, sha256Hex } from '../../kernel/canonical/sha256.js';
import { type SystemPatterns, parseSystemPatterns } from './parse.js';
import { type Problem, type Result, error, warning } from '../../kernel/problems/index.js';
import { versionParts } from '../../schema/semver.js';

/** Options of {@link checkSystemPatternsChange}. */
export interface SystemPatternsChangeOptions {
  hasher?: Hasher;
  file?: string;
  /** `after` as `parseSystemPatterns` (with `file` and `hasher`) already read it: it is then not parsed again. */
  parsedAfter?: Result<SystemPatterns>;
}

/**
 * The `diff_hash` backing a change of systemPatterns.md: SHA-256 hex of the bytes appended to the body;
 * `undefined` when the new body does not extend the old one.
 *
 * @example systemPatternsDiffHash('a\n', 'a\nb\n') // sha256('b\n')
 */
export function systemPatternsDiffHash(oldBody: string, newBody: string, hasher: Hasher = jsHasher): string | undefined {
  return newBody.startsWith(oldBody) ? sha256Hex(newBody.slice(oldBody.length), hasher) : undefined;
}

function greater(a: number[], b: number[]): boolean {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

/**
 * Checks a new version of systemPatterns.md against the old (`before` empty: a first version): the header hash, the
 * body extending the old one, and a decision whose `diff_hash` backs the change; a change without a version bump warns.
 */
export function checkSystemPatternsChange(before: string, after: string, decisions: Iterable<unknown>, options: SystemPatternsChangeOptions = {}): Problem[] {
  const hasher = options.hasher ?? jsHasher;
  const where = (line?: number) => ({ ...(options.file === undefined ? {} : { file: options.file }), ...(line === undefined ? {} : { line }) });
  const newDoc = options.parsedAfter ?? parseSystemPatterns(after, { hasher, ...(options.file === undefined ? {} : { file: options.file }) });
  if (!newDoc.ok) return newDoc.problems;
  const problems: Problem[] = [...(newDoc.problems ?? [])];
  // No previous version (the file is being created): a first version is no change, and the seed asks a decision only for a change.
  if (before.trim() === '') return problems;
  const oldDoc = parseSystemPatterns(before, { hasher, verifyHash: false });
  if (!oldDoc.ok) return [...problems, ...oldDoc.problems.map((p) => ({ ...p, message: `previous version: ${p.message}` }))];
  const oldBody = oldDoc.value.body;
  const newBody = newDoc.value.body;
  if (oldBody === newBody) return problems;
  const diff = systemPatternsDiffHash(oldBody, newBody, hasher);
  if (diff === undefined) {
    const ol = oldBody.split('\n');
    const nl = newBody.split('\n');
    let i = 0;
    while (i < ol.length && i < nl.length && ol[i] === nl[i]) i++;
    problems.push(error('ledger.system-patterns-rewritten', 'the new body does not start with the old body: existing text was edited or removed', where(newDoc.value.doc.bodyLine + i)));
    return problems;
  }
  let backed = false;
  // The format says only "sha256": a diff_hash in upper case backs the change too.
  for (const d of decisions) {
    const h = (d as { diff_hash?: unknown } | null)?.diff_hash;
    if (typeof h === 'string' && h.toLowerCase() === diff) backed = true;
  }
  if (!backed) problems.push(error('ledger.system-patterns-unbacked', `no decisionLog.md entry has diff_hash ${diff}`, where(newDoc.value.doc.bodyLine)));
  const ov = versionParts(oldDoc.value.header.version);
  const nv = versionParts(newDoc.value.header.version);
  if (ov && nv && !greater(nv, ov))
    problems.push(warning('ledger.system-patterns-version', `version ${newDoc.value.header.version} is not above ${oldDoc.value.header.version}`, where(newDoc.value.doc.yamlLine)));
  return problems;
}
