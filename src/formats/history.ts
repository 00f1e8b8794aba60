import { readJson } from '../kernel/canonical/read-json.js';
import { type Loose, isObject } from '../kernel/object.js';
import { type Problem, warning } from '../kernel/problems/index.js';
import type { HistoryFile, HistoryRule } from './rule.js';

/** The history rule of a JSON document: `compare` gets both versions' objects and a pointer → line lookup into HEAD's file (default line 1). */
export function jsonHistory(compare: (before: Loose, after: Loose, at: { file: string; lineOf: (pointer: string) => number | undefined }) => Problem[]): HistoryRule {
  return {
    compare: (after: HistoryFile, before: string) => {
      const b = readJson(before);
      const a = after.parsed?.kind === 'json' ? after.parsed.value : undefined;
      if (!b.ok || !isObject(b.value) || !isObject(a)) return [];
      const lineOf = (pointer: string) => after.positions?.locate(pointer)?.line;
      return compare(b.value, a, { file: after.path, lineOf }).map((p) => (p.line === undefined ? { ...p, line: 1 } : p));
    },
  };
}

/** `git.schema-version-down`: a dotted version (or a number) that went down from the base revision to HEAD. */
export function versionDown(before: unknown, after: unknown, file: string, line: number | undefined, field: string): Problem[] {
  const b = versionTuple(before);
  const a = versionTuple(after);
  if (b === undefined || a === undefined) return [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x > y) return [];
    if (x < y) return [warning('git.schema-version-down', `${field} went down from ${String(before)} at the base revision to ${String(after)}`, { file, line: line ?? 1 })];
  }
  return [];
}

function versionTuple(v: unknown): number[] | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return [v];
  if (typeof v !== 'string') return undefined;
  const m = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(v);
  return m?.slice(1).flatMap((x) => (x === undefined ? [] : [Number(x)]));
}

/** The history of a JSON document whose `version` may not go down (thread store, task index, manifest). */
export const versionHistory: HistoryRule = jsonHistory((b, a, { file, lineOf }) => versionDown(b.version, a.version, file, lineOf('/version'), 'version'));
