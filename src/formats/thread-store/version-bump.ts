import { type Problem, warning } from '../../kernel/problems/index.js';
import type { FormatRule } from '../rule.js';
import { type Loose, isObject } from './model.js';
import { versionParts } from '../../schema/semver.js';

const CODE = 'threads.version-bump';

/** The bumps of §6's table, smallest first. */
const BUMPS = ['none', 'PATCH', 'MINOR', 'MAJOR'] as const;
type Bump = (typeof BUMPS)[number];

/** The parts of a store whose fields §6 speaks of, each with the fields the seed gives it at every version (§2). */
const SEED_FIELDS = {
  root: ['version', 'metadata', 'threads', 'operations', 'relations'],
  metadata: ['last_updated', 'thread_count'],
  thread: ['id', 'title', 'objective', 'created_at', 'status', 'tags', 'parent_id', 'storage_path'],
  operation: ['id', 'timestamp', 'command', 'operator', 'params'],
  relation: ['children', 'references_to', 'referenced_by', 'depends_on'],
} as const;
type Part = keyof typeof SEED_FIELDS;

/** One part of a store as its objects show it: how many there are, and each field's count and JSON types (`null` is no type). */
interface PartShape {
  count: number;
  fields: Map<string, { n: number; types: Set<string> }>;
}

const values = (v: unknown): unknown[] => (Array.isArray(v) ? v : isObject(v) ? Object.values(v) : []);

function shapeOf(store: Loose): Record<Part, PartShape> {
  const objects: Record<Part, unknown[]> = {
    root: [store],
    metadata: [store.metadata],
    thread: values(store.threads),
    operation: Array.isArray(store.operations) ? store.operations : [],
    relation: values(store.relations),
  };
  const out = {} as Record<Part, PartShape>;
  for (const part of Object.keys(objects) as Part[]) {
    const shape: PartShape = { count: 0, fields: new Map() };
    for (const o of objects[part]) {
      if (!isObject(o)) continue;
      shape.count++;
      for (const [key, v] of Object.entries(o)) {
        let field = shape.fields.get(key);
        if (field === undefined) shape.fields.set(key, (field = { n: 0, types: new Set() }));
        field.n++;
        if (v !== null) field.types.add(Array.isArray(v) ? 'array' : typeof v);
      }
    }
    out[part] = shape;
  }
  return out;
}

/**
 * The schema changes two versions of a store show, each with the bump §6 asks
 * for: a field no object of its part had (a new field: PATCH at least, MINOR
 * if it is required, which data cannot tell), a field every object had and
 * none has now (a removal: MAJOR), a field whose JSON types changed
 * altogether (a structure change: MAJOR). The seed's own fields exist at every
 * version: only their types are compared. A part with no objects on either
 * side shows nothing.
 */
function changes(before: Loose, after: Loose): { change: string; needs: Bump }[] {
  const b = shapeOf(before);
  const a = shapeOf(after);
  const out: { change: string; needs: Bump }[] = [];
  for (const part of Object.keys(SEED_FIELDS) as Part[]) {
    if (b[part].count === 0 || a[part].count === 0) continue;
    const seed: readonly string[] = SEED_FIELDS[part];
    const was = b[part].fields;
    const now = a[part].fields;
    for (const [key, field] of now) {
      const old = was.get(key);
      if (old === undefined) {
        if (!seed.includes(key)) out.push({ change: `${part} field "${key}" is new`, needs: 'PATCH' });
      } else if (old.types.size > 0 && field.types.size > 0 && ![...field.types].some((t) => old.types.has(t)))
        out.push({ change: `${part} field "${key}" changed from ${[...old.types].join('/')} to ${[...field.types].join('/')}`, needs: 'MAJOR' });
    }
    for (const [key, old] of was) if (!seed.includes(key) && old.n === b[part].count && !now.has(key)) out.push({ change: `${part} field "${key}" was removed`, needs: 'MAJOR' });
  }
  return out;
}

/** The bump from `before` to `after` (`MAJOR.MINOR` reads as `MAJOR.MINOR.0`), or `undefined` when either is no version or the version went down. */
function bumpOf(before: unknown, after: unknown): Bump | undefined {
  const b = versionParts(before);
  const a = versionParts(after);
  if (b === undefined || a === undefined) return undefined;
  for (let i = 0; i < 3; i++) {
    if (a[i]! > b[i]!) return BUMPS[3 - i]!;
    if (a[i]! < b[i]!) return undefined;
  }
  return 'none';
}

/**
 * `threads.version-bump` (`memkit check --base`): the store's shape changed by
 * more than its version bump allows under §6's table (a removed field with a
 * PATCH bump, a new field with none). A warning: memkit reads the schema
 * change from the data, which cannot tell a required field from an optional
 * one, nor a field dropped from the schema from one no object uses any more.
 * Applied by the format's history rule ({@link versionBumpProblems}), which
 * parses the base version once for all its comparisons.
 */
export const versionBump: FormatRule = {
  code: CODE,
  info: {
    meaning:
      "Between the base revision and HEAD the thread store's shape changed by more than its `version` bump allows under the format's evolution table: a new field (at least PATCH), a field every thread (operation, …) had and none has now, or a field whose JSON type changed (MAJOR). The fields the format itself defines are not new or removed at any version. Read from the data, so a warning.",
    fix: 'Raise `version` as the table asks (and migrate the store for a MAJOR change), or undo the change.',
    severity: 'warning',
    source: { seed: 'thread-store-schema.md', quote: '| Change Type | Version Bump | Migration Strategy |' },
  },
  examples: {
    base: { 'threads/thread-store.json': store('1.0.0', true) },
    fail: { 'threads/thread-store.json': store('1.0.1', false) },
    pass: { 'threads/thread-store.json': store('2.0.0', false) },
  },
};

/** The `threads.version-bump` problems of HEAD's store `after` against the base's `before`, at the line of `version`. */
export function versionBumpProblems(before: Loose, after: Loose, file: string, line: number | undefined): Problem[] {
  const bump = bumpOf(before.version, after.version);
  if (bump === undefined) return [];
  const rank = BUMPS.indexOf(bump);
  const went = bump === 'none' ? `version stayed ${String(after.version)}` : `version went from ${String(before.version)} to ${String(after.version)} (${bump})`;
  const out: Problem[] = [];
  for (const { change, needs } of changes(before, after))
    if (BUMPS.indexOf(needs) > rank) out.push(warning(CODE, `${change}: the format's evolution table asks a ${needs} bump, but ${went}`, { file, line: line ?? 1, pointer: '/version' }));
  return out;
}

/** A one-thread store at `version`, its thread with a field of the user's own (`owner`) or without it. */
function store(version: string, owner: boolean): string {
  const thread = {
    id: 'root',
    title: 'Root',
    objective: 'Ship',
    created_at: '2026-02-01T09:00:00Z',
    status: 'active',
    parent_id: null,
    storage_path: 'threads/root',
    ...(owner ? { owner: 'ana' } : {}),
  };
  const op = { id: 'op-1', timestamp: '2026-02-02T09:00:00Z', command: 'update', operator: 'user', params: { thread_id: 'root', title: 'Root' } };
  const relations = { root: { children: [], references_to: [], referenced_by: [], depends_on: [] } };
  return `${JSON.stringify({ version, metadata: { last_updated: '2026-02-02T09:00:00Z', thread_count: 1 }, threads: { root: thread }, operations: [op], relations }, null, 2)}\n`;
}
