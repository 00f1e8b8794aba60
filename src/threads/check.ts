import { type Problem, error, joinPointer, warning } from '../problems/index.js';
import { validate } from '../schemas/validate.js';
import { THREAD_COMMANDS } from '../schemas/thread-store.js';
import { findCycles, findCyclesCsr } from '../wbs/cycles.js';
import { type Loose, isObject, own, ownGet, stringList, timeOf } from './model.js';
import { seenBefore } from '../wbs/model.js';
import { rebuildRelations } from './rebuild-relations.js';
import { canTransition } from './transitions.js';

const KEY_PARAMS: Record<string, readonly string[]> = {
  spawn: ['child_id', 'objective'],
  reference: ['from_id', 'to_id', 'asset_path'],
  freeze: ['thread_id'],
  archive: ['thread_id'],
  update: ['thread_id'],
};

/** True when the known, non-self, distinct ids of `have` are exactly `want` (in any order). */
function agrees(have: unknown, want: readonly string[], known: Set<string>, self: string): boolean {
  const list = Array.isArray(have) ? (have as unknown[]) : [];
  const wantSet = want.length > 16 ? new Set(want) : undefined;
  const seen = list.length > 16 ? new Set<unknown>() : undefined;
  let count = 0;
  for (let k = 0; k < list.length; k++) {
    const x = list[k];
    if (typeof x !== 'string' || x === self || !known.has(x) || seenBefore(list, k, seen)) continue;
    if (!(wantSet ? wantSet.has(x) : want.includes(x))) return false;
    count++;
  }
  return count === want.length;
}

/**
 * Checks a thread store against the seed's validation rules (semver version,
 * ISO 8601 timestamps, unique ids, id format, status enum, parent-child and
 * reference consistency) and memkit's extras: `thread_count`, `last_updated`
 * versus the latest operation, relations versus the operations log
 * (`rebuildRelations`), `depends_on` and `parent_id` cycles, and the status
 * history replayed against the transition table. Never throws.
 * @example checkThreadStore(store) // [] when sound
 */
export function checkThreadStore(store: unknown): Problem[] {
  const out: Problem[] = validate('thread-store', store, { maxProblems: Number.MAX_SAFE_INTEGER });
  if (!isObject(store) || !isObject(store.threads) || !isObject(store.relations) || !Array.isArray(store.operations) || !isObject(store.metadata)) {
    out.push(error('threads.not-store', 'a thread store is an object with metadata, threads and relations objects and an operations array', { pointer: '' }));
    return out;
  }
  const threads = store.threads;
  const relations = store.relations;
  const ops = store.operations as unknown[];
  const ids = Object.keys(threads);
  const known = new Set(ids);
  const T = (id: string, ...rest: (string | number)[]) => joinPointer('/threads', id, ...rest);
  const R = (id: string, ...rest: (string | number)[]) => joinPointer('/relations', id, ...rest);
  const O = (i: number, ...rest: (string | number)[]) => joinPointer('/operations', i, ...rest);

  // Threads: key = id, unique ids, parents.
  const idSeen = new Map<string, string>();
  for (const key of ids) {
    const t = ownGet(threads, key);
    if (!isObject(t)) continue;
    if (typeof t.id === 'string') {
      if (t.id !== key) out.push(error('threads.key-mismatch', `thread stored under "${key}" has id "${t.id}"`, { pointer: T(key, 'id') }));
      const other = idSeen.get(t.id);
      if (other !== undefined) out.push(error('threads.id-duplicate', `threads "${other}" and "${key}" both have id "${t.id}"`, { pointer: T(key, 'id') }));
      else idSeen.set(t.id, key);
    }
    const parent = t.parent_id;
    if (typeof parent === 'string') {
      if (!known.has(parent)) out.push(error('threads.parent-missing', `parent "${parent}" of "${key}" does not exist`, { pointer: T(key, 'parent_id') }));
      else {
        const pr = ownGet(relations, parent);
        if (isObject(pr) && !stringList(pr.children).includes(key))
          out.push(error('threads.child-not-listed', `"${key}" names "${parent}" as parent, but relations of "${parent}" do not list it in children`, { pointer: T(key, 'parent_id') }));
      }
    }
  }
  const position = new Map(ids.map((id, i) => [id, i]));
  const parentEdges = ids.map((id) => {
    const t = ownGet(threads, id);
    const p = isObject(t) ? t.parent_id : undefined;
    return typeof p === 'string' && position.has(p) ? [position.get(p)!] : [];
  });
  for (const cycle of findCycles(ids.length, (v) => parentEdges[v]!, true)) {
    const names = cycle.map((v) => ids[v]!);
    out.push(error('threads.parent-cycle', `parent_id cycle: ${[...names, names[0]].join(' → ')}`, { pointer: T(names[0]!, 'parent_id') }));
  }

  // Metadata.
  const meta = store.metadata;
  if (typeof meta.thread_count === 'number' && meta.thread_count !== ids.length)
    out.push(error('threads.count-mismatch', `thread_count is ${meta.thread_count} but there are ${ids.length} threads`, { pointer: '/metadata/thread_count' }));

  // Operations: ids, commands, params, order, status replay.
  const opIds = new Map<string, number>();
  const state = new Map<string, string>();
  let latest = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  const ref = (p: Loose, i: number, command: string, k: string): string | undefined => {
    const id = ownGet(p, k) as string;
    if (known.has(id)) return id;
    out.push(error('threads.operation-unknown-thread', `${command} names thread "${id}", which does not exist`, { pointer: O(i, 'params', k) }));
    return undefined;
  };
  const readOnly = (i: number, id: string, what: string) => {
    const s = state.get(id);
    if (s !== undefined && s !== 'active') out.push(error('threads.frozen-modified', `${what} "${id}" while it is ${s}`, { pointer: O(i) }));
  };
  const EMPTY: Loose = {};
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    if (!isObject(op)) continue;
    if (typeof op.id === 'string') {
      const before = opIds.get(op.id);
      if (before !== undefined) out.push(error('threads.id-duplicate', `operation id "${op.id}" is also used by /operations/${before}`, { pointer: O(i, 'id') }));
      else opIds.set(op.id, i);
    }
    const ts = timeOf(op.timestamp);
    if (!Number.isNaN(ts)) {
      if (ts < previous) out.push(warning('threads.operation-order', `operation ${i} is timestamped before the operation before it`, { pointer: O(i, 'timestamp') }));
      previous = ts;
      if (ts > latest) latest = ts;
    }
    const command = op.command;
    if (typeof command !== 'string') continue;
    const keys = own(KEY_PARAMS, command) ? KEY_PARAMS[command]! : undefined;
    if (keys === undefined) {
      out.push(warning('threads.command-unknown', `command "${command}" is not one the seed defines; it is not interpreted`, { pointer: O(i, 'command') }));
      continue;
    }
    const p = isObject(op.params) ? op.params : EMPTY;
    let bad = false;
    for (const k of keys) if (typeof ownGet(p, k) !== 'string') bad = true;
    if (command === 'spawn' && own(p, 'parent_id') && p.parent_id !== null && typeof p.parent_id !== 'string') bad = true;
    if (bad) {
      const missing = keys.filter((k) => typeof ownGet(p, k) !== 'string');
      if (command === 'spawn' && own(p, 'parent_id') && p.parent_id !== null && typeof p.parent_id !== 'string') missing.push('parent_id');
      out.push(error('threads.params-invalid', `${command} needs string params ${missing.join(', ')}`, { pointer: O(i, 'params') }));
      continue;
    }
    switch (command) {
      case 'spawn': {
        const child = ref(p, i, command, 'child_id');
        const parent = typeof p.parent_id === 'string' ? ref(p, i, command, 'parent_id') : null;
        if (parent) readOnly(i, parent, 'spawn under');
        if (child === undefined) break;
        if (state.has(child)) out.push(error('threads.spawn-existing', `"${child}" is spawned again`, { pointer: O(i, 'params', 'child_id') }));
        const t = ownGet(threads, child);
        if (isObject(t) && (p.parent_id ?? null) !== t.parent_id)
          out.push(error('threads.spawn-mismatch', `"${child}" was spawned under ${JSON.stringify(p.parent_id ?? null)} but its parent_id is ${JSON.stringify(t.parent_id)}`, { pointer: O(i, 'params', 'parent_id') }));
        state.set(child, 'active');
        break;
      }
      case 'reference': {
        const from = ref(p, i, command, 'from_id');
        ref(p, i, command, 'to_id');
        if (from) readOnly(i, from, 'reference from');
        break;
      }
      case 'freeze':
      case 'archive': {
        const id = ref(p, i, command, 'thread_id');
        if (id === undefined) break;
        const to = command === 'freeze' ? 'frozen' : 'archived';
        const from = state.get(id);
        if (from !== undefined && !canTransition(from, to)) out.push(error('threads.transition-invalid', `${command} of "${id}": ${from} → ${to} is not allowed`, { pointer: O(i) }));
        state.set(id, to);
        break;
      }
      case 'update': {
        const id = ref(p, i, command, 'thread_id');
        if (id === undefined) break;
        if (own(p, 'status')) {
          const from = state.get(id);
          if (from !== undefined && from !== p.status && !canTransition(from, p.status)) out.push(error('threads.transition-invalid', `update of "${id}": ${from} → ${String(p.status)} is not allowed`, { pointer: O(i, 'params', 'status') }));
          else readOnly(i, id, 'update');
          if (typeof p.status === 'string') state.set(id, p.status);
        } else readOnly(i, id, 'update');
        break;
      }
    }
  }
  for (const [id, s] of state) {
    const t = ownGet(threads, id);
    if (isObject(t) && typeof t.status === 'string' && t.status !== s)
      out.push(error('threads.status-drift', `"${id}" is ${t.status}, but its operations log leaves it ${s}`, { pointer: T(id, 'status') }));
  }
  const lastUpdated = timeOf(meta.last_updated);
  if (!Number.isNaN(lastUpdated) && lastUpdated < latest)
    out.push(error('threads.last-updated-stale', `last_updated ${String(meta.last_updated)} is before the latest operation (${new Date(latest).toISOString()})`, { pointer: '/metadata/last_updated' }));

  // Relations: coverage, membership, symmetry, drift, depends_on cycles.
  for (const key of Object.keys(relations)) if (!known.has(key)) out.push(error('threads.relation-unknown-thread', `relations entry "${key}" has no thread`, { pointer: R(key) }));
  const rebuilt = rebuildRelations(store as never);
  for (const id of ids) {
    const r = ownGet(relations, id);
    if (!isObject(r)) {
      out.push(error('threads.relations-missing', `thread "${id}" has no relations entry`, { pointer: '/relations' }));
      continue;
    }
    for (const field of ['children', 'references_to', 'referenced_by', 'depends_on'] as const) {
      const list = Array.isArray(r[field]) ? (r[field] as unknown[]) : [];
      const seen = list.length > 16 ? new Set<unknown>() : undefined;
      for (let k = 0; k < list.length; k++) {
        const x = list[k];
        if (typeof x !== 'string') continue;
        if (seenBefore(list, k, seen)) {
          out.push(warning('threads.relation-duplicate', `${field} of "${id}" lists "${x}" twice`, { pointer: R(id, field, k) }));
          continue;
        }
        if (!known.has(x)) {
          out.push(error('threads.relation-unknown-thread', `${field} of "${id}" names "${x}", which does not exist`, { pointer: R(id, field, k) }));
          continue;
        }
        if (x === id) {
          out.push(error('threads.relation-self', `${field} of "${id}" names itself`, { pointer: R(id, field, k) }));
          continue;
        }
        if (field === 'children') {
          const t = ownGet(threads, x);
          if (isObject(t) && t.parent_id !== id)
            out.push(error('threads.parent-child-mismatch', `"${id}" lists child "${x}", whose parent_id is ${JSON.stringify(t.parent_id)}`, { pointer: R(id, field, k) }));
        } else if (field === 'references_to' || field === 'referenced_by') {
          const other = ownGet(relations, x);
          const back = field === 'references_to' ? 'referenced_by' : 'references_to';
          if (isObject(other) && !(Array.isArray(other[back]) && (other[back] as unknown[]).includes(id)))
            out.push(
              error(
                'threads.reference-asymmetric',
                field === 'references_to' ? `"${id}" references "${x}", but "${x}" does not list "${id}" in referenced_by` : `"${id}" is referenced by "${x}", but "${x}" does not list "${id}" in references_to`,
                { pointer: R(id, field, k) },
              ),
            );
        }
      }
    }
    const want = rebuilt[id]!;
    for (const field of ['references_to', 'referenced_by', 'depends_on'] as const) {
      if (agrees(r[field], want[field], known, id)) continue;
      const have = stringList(r[field]).filter((x) => known.has(x) && x !== id);
      const extra = have.filter((x) => !want[field].includes(x));
      const lacking = want[field].filter((x) => !have.includes(x));
      out.push(error('threads.relations-drift', `${field} of "${id}" disagrees with the operations log${extra.length ? `; not implied: ${extra.join(', ')}` : ''}${lacking.length ? `; missing: ${lacking.join(', ')}` : ''}`, { pointer: R(id, field) }));
    }
  }
  const depOffsets = new Int32Array(ids.length + 1);
  const depTargets: number[] = [];
  ids.forEach((id, v) => {
    depOffsets[v] = depTargets.length;
    const r = ownGet(relations, id);
    const list = isObject(r) && Array.isArray(r.depends_on) ? (r.depends_on as unknown[]) : [];
    for (const d of list) if (typeof d === 'string' && d !== id && position.has(d)) depTargets.push(position.get(d)!);
  });
  depOffsets[ids.length] = depTargets.length;
  for (const cycle of findCyclesCsr(ids.length, depOffsets, Int32Array.from(depTargets))) {
    const names = cycle.map((v) => ids[v]!);
    const list = (ownGet(relations, names[0]!) as Loose).depends_on as unknown[];
    out.push(error('threads.depends-cycle', `depends_on cycle: ${[...names, names[0]].join(' → ')}`, { pointer: R(names[0]!, 'depends_on', list.indexOf(names[1])) }));
  }
  return out;
}
