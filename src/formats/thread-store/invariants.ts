import { type Problem, error, joinPointer, warning } from '../../kernel/problems/index.js';
import { validate } from '../../schema/validate.js';
import { TWO_PART_VERSION_PATTERN } from '../../schema/thread-store.js';
import { findCycles } from '../../kernel/graph/cycles.js';
import { repeatsIn, sameMembers } from '../../kernel/graph/lists.js';
import { type Loose, compareTimes, isObject, own, ownGet, textOrdered, timeOf } from './model.js';
import { NONE, deriveRelations, positions } from './rebuild-relations.js';
import { canTransition } from './transitions.js';
import { findIdCollisions, idCollisionProblem } from '../../syntax/id-spelling.js';

const TWO_PART_VERSION = new RegExp(TWO_PART_VERSION_PATTERN);

const KEY_PARAMS: Record<string, readonly string[]> = {
  spawn: ['child_id', 'objective'],
  reference: ['from_id', 'to_id', 'asset_path'],
  freeze: ['thread_id'],
  archive: ['thread_id'],
  update: ['thread_id'],
};

/** The relations fields in the order they are checked; all but `children` are compared with what the operations log implies. */
const RELATION_FIELDS = ['children', 'references_to', 'referenced_by', 'depends_on'] as const;
/** In a resolved list: a string that names no thread; a value that is not a string. */
const UNKNOWN = -1;
const NOT_STRING = -2;

/**
 * A stored relations list, resolved: thread positions, UNKNOWN or NOT_STRING.
 * A stored list is usually the one the log implies (`implied`, by position):
 * then it resolves to that very array, which tells the checks it is sound.
 */
function resolveList(list: unknown, position: ReadonlyMap<string, number>, ids: readonly string[], implied: readonly number[]): readonly number[] {
  if (!Array.isArray(list) || list.length === 0) return NONE;
  let same = list.length === implied.length;
  for (let k = 0; same && k < list.length; k++) same = ids[implied[k]!] === list[k];
  if (same) return implied;
  return list.map((x: unknown) => (typeof x !== 'string' ? NOT_STRING : (position.get(x) ?? UNKNOWN)));
}

/** The schema problems of a store, as the format's validator reports them. */
const schemaProblems = (store: unknown): Problem[] => validate('thread-store', store, { maxProblems: Number.MAX_SAFE_INTEGER });

/**
 * Checks a thread store against the format's rules (semver version, ISO 8601
 * timestamps, unique ids, id format, status enum, `thread_count`, parent-child
 * and reference consistency, read-only frozen threads and the transition
 * table, as errors) and memkit's conventions (warnings): a two-part version,
 * `last_updated` versus the latest operation, relations and statuses versus
 * what the operations log implies (a rotated, empty or partial log is fine),
 * the commands' key params, `depends_on` and `parent_id` cycles. Never throws.
 * @example checkThreadStore(createThreadStore()) // [] when sound
 */
export function checkThreadStore(store: unknown): Problem[] {
  return isObject(store) && isMemkitMajor2(store) ? checkMajor2(store) : checkSeedShape(store);
}

/**
 * memkit's own 2.0.0 thread stores (the thread-store lineage in docs/exchange.md,
 * written by `migrateThreadStore`): no `metadata.thread_count`, and each
 * operation's `operator` is `{ kind, id }`. Only those two parts differ from
 * the seed's shape, so they are checked here and every other rule runs on the
 * seed's view. The seed gives every version its shape, so a 2.0.0 store is
 * read in memkit's only when it shows it: an operator that is an object, or
 * no `thread_count` and no operator that is a string.
 */
function isMemkitMajor2(store: Loose): boolean {
  if (store.version !== '2.0.0') return false;
  const ops = Array.isArray(store.operations) ? store.operations : [];
  const operators = ops.map((op: unknown) => (isObject(op) ? op.operator : undefined));
  if (operators.some(isObject)) return true;
  return isObject(store.metadata) && !own(store.metadata, 'thread_count') && !operators.some((o) => typeof o === 'string');
}

const OPERATOR_KINDS: readonly unknown[] = ['user', 'system', 'agent'];

function checkMajor2(store: Loose): Problem[] {
  const problems: Problem[] = [];
  const meta = store.metadata;
  if (isObject(meta) && own(meta, 'thread_count'))
    problems.push(error('schema.additional-properties', `"thread_count" was removed in thread-store ${String(store.version)}`, { pointer: '/metadata/thread_count' }));
  const view: Loose = { ...store };
  if (isObject(meta) && isObject(store.threads) && !own(meta, 'thread_count')) view.metadata = { ...meta, thread_count: Object.keys(store.threads).length };
  if (Array.isArray(store.operations))
    view.operations = store.operations.map((op, i) => {
      if (!isObject(op) || !own(op, 'operator')) return op;
      const operator = op.operator;
      const at = joinPointer('/operations', i, 'operator');
      if (!isObject(operator)) {
        problems.push(error('schema.type', `in thread-store ${String(store.version)} an operator is an object { kind, id }`, { pointer: at }));
        return { ...op, operator: 'user' };
      }
      for (const k of Object.keys(operator))
        if (k !== 'kind' && k !== 'id') problems.push(error('schema.additional-properties', `property "${k}" is not allowed here`, { pointer: joinPointer(at, k) }));
      if (!own(operator, 'id')) problems.push(error('schema.required', 'missing required property "id"', { pointer: at }));
      else if (operator.id !== null && (typeof operator.id !== 'string' || operator.id === ''))
        problems.push(error('schema.type', 'operator id is a non-empty string or null', { pointer: joinPointer(at, 'id') }));
      const kind = OPERATOR_KINDS.includes(operator.kind) ? operator.kind : 'user';
      if (kind !== operator.kind) problems.push(error('schema.enum', `operator kind must be one of ${OPERATOR_KINDS.join(', ')}`, { pointer: joinPointer(at, 'kind') }));
      return { ...op, operator: kind };
    });
  return [...problems, ...checkSeedShape(view)];
}

function checkSeedShape(store: unknown): Problem[] {
  if (!isObject(store) || !isObject(store.threads) || !isObject(store.relations) || !Array.isArray(store.operations) || !isObject(store.metadata)) {
    const out = schemaProblems(store);
    out.push(error('threads.not-store', 'a thread store is an object with metadata, threads and relations objects and an operations array', { pointer: '' }));
    return out;
  }
  const threads = store.threads;
  const relations = store.relations;
  const ops = store.operations as unknown[];
  const meta = store.metadata;
  const ids = Object.keys(threads);
  const n = ids.length;
  const T = (id: string, ...rest: (string | number)[]) => joinPointer('/threads', id, ...rest);
  const R = (id: string, ...rest: (string | number)[]) => joinPointer('/relations', id, ...rest);
  const O = (i: number, ...rest: (string | number)[]) => joinPointer('/operations', i, ...rest);

  // Threads: positions, and whether every thread's id is its key (then ids are unique).
  const position = positions(ids);
  // Keys of `threads` are its own properties: a plain read is an own read.
  const thread = (v: number): unknown => threads[ids[v]!];
  // Threads with an empty title, objective or storage_path (valid, but memkit reads them as required text).
  const emptyStrings: number[] = [];
  let keyed = true;
  for (let v = 0; v < n; v++) {
    const t = thread(v);
    if (!isObject(t)) continue;
    if (typeof t.id === 'string' && t.id !== ids[v]) keyed = false;
    if (t.title === '' || t.objective === '' || t.storage_path === '') emptyStrings.push(v);
  }

  // Each thread's parent position, the threads each operation names, resolved once, and the relations the store implies.
  const derived = deriveRelations(store, ids, position);
  const { parent: parentOf, subject, object } = derived;

  // Each thread's relations entry.
  const relation = ids.map((id) => ownGet(relations, id));

  // Each thread's relations lists as stored, resolved.
  const implied = RELATION_FIELDS.map((field) => derived[field]);
  const stored = RELATION_FIELDS.map((field, f) => relation.map((r, v) => (isObject(r) ? resolveList(r[field], position, ids, implied[f]![v]!) : NONE)));
  const [storedChildren, storedRefsTo, storedRefsBy, storedDeps] = stored as [number[][], number[][], number[][], number[][]];
  // Whether thread v has a relations entry (an object): checks of other threads read this, not the entry.
  const hasEntry = (v: number) => isObject(relation[v]);

  const out: Problem[] = schemaProblems(store);

  // Threads: key = id, unique ids, parents.
  const idSeen = keyed ? undefined : new Map<string, string>();
  for (let v = 0; v < n; v++) {
    // A sound thread with a listed parent needs no read of the thread.
    const pv = parentOf[v]!;
    if (idSeen === undefined && pv !== -1 && (!hasEntry(pv) || storedChildren[pv]!.includes(v))) continue;
    const key = ids[v]!;
    const t = thread(v);
    if (!isObject(t)) continue;
    if (idSeen !== undefined && typeof t.id === 'string') {
      if (t.id !== key) out.push(error('threads.key-mismatch', `thread stored under "${key}" has id "${t.id}"`, { pointer: T(key, 'id') }));
      const other = idSeen.get(t.id);
      if (other !== undefined) out.push(error('threads.id-duplicate', `threads "${other}" and "${key}" both have id "${t.id}"`, { pointer: T(key, 'id') }));
      else idSeen.set(t.id, key);
    }
    const parent = t.parent_id;
    if (typeof parent !== 'string') continue;
    if (pv === -1) out.push(error('threads.parent-missing', `parent "${parent}" of "${key}" does not exist`, { pointer: T(key, 'parent_id') }));
    else if (hasEntry(pv) && !storedChildren[pv]!.includes(v))
      out.push(error('threads.child-not-listed', `"${key}" names "${parent}" as parent, but relations of "${parent}" do not list it in children`, { pointer: T(key, 'parent_id') }));
  }
  // Keys that are one id in two Unicode spellings, or look alike.
  for (const c of findIdCollisions(ids)) out.push(idCollisionProblem(c, 'thread id', ids[c.index]!, ids[c.first]!, T(ids[c.first]!), { pointer: T(ids[c.index]!) }));
  // Threads stored after their parents, as spawns add them, cannot form a parent cycle.
  const parentEdges = parentOf.every((p, v) => p < v) ? [] : Array.from(parentOf, (p) => (p === -1 ? NONE : [p]));
  for (const cycle of findCycles(parentEdges, true)) {
    const names = cycle.map((v) => ids[v]!);
    out.push(warning('threads.parent-cycle', `parent_id cycle: ${[...names, names[0]].join(' → ')}`, { pointer: T(names[0]!, 'parent_id') }));
  }

  for (const v of emptyStrings) {
    const t = thread(v) as Loose;
    for (const f of ['title', 'objective', 'storage_path'] as const) if (t[f] === '') out.push(warning('threads.empty-string', `thread "${ids[v]}" has an empty ${f}`, { pointer: T(ids[v]!, f) }));
  }
  // The format's own example writes "1.0"; full SemVer is memkit's reading.
  if (typeof store.version === 'string' && TWO_PART_VERSION.test(store.version))
    out.push(warning('threads.version-two-part', `version "${store.version}" is MAJOR.MINOR; memkit reads it as ${store.version}.0 and writes full SemVer`, { pointer: '/version' }));
  // Metadata.
  if (typeof meta.thread_count === 'number' && meta.thread_count !== n)
    out.push(error('threads.count-mismatch', `thread_count is ${meta.thread_count} but there are ${n} threads`, { pointer: '/metadata/thread_count' }));

  // Operations: ids (seen; the first position of each, indexed only when one repeats), commands, params, order, status replay.
  const seenIds = new Set<string>();
  let firstAt: Map<unknown, number> | undefined;
  // The replayed status of each thread, and the threads in the order they got one.
  const replay = new Array<string | undefined>(n);
  const stateOrder: number[] = [];
  const setState = (v: number, s: string) => {
    if (replay[v] === undefined) stateOrder.push(v);
    replay[v] = s;
  };
  // The last and the latest timestamp read, as written; whether the last orders as text.
  let previous: string | undefined;
  let previousText = false;
  let latest: string | undefined;
  // A resolved param (subject[i] or object[i]); on -1, param k of operation i names no thread: warned, undefined.
  const known = (v: number, p: Loose, i: number, command: string, k: string): number | undefined => {
    if (v !== -1) return v;
    out.push(warning('threads.operation-unknown-thread', `${command} names thread "${String(p[k])}", which does not exist`, { pointer: O(i, 'params', k) }));
    return undefined;
  };
  const readOnly = (i: number, v: number, what: string) => {
    if (replay[v] !== undefined && replay[v] !== 'active') out.push(error('threads.frozen-modified', `${what} "${ids[v]}" while it is ${replay[v]}`, { pointer: O(i) }));
  };
  const opIds = ops.map((o) => (isObject(o) && typeof o.id === 'string' ? o.id : undefined));
  for (const c of findIdCollisions(opIds)) out.push(idCollisionProblem(c, 'operation id', opIds[c.index]!, opIds[c.first]!, O(c.first, 'id'), { pointer: O(c.index, 'id') }));
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    if (!isObject(op)) continue;
    if (op.id === '' || op.command === '')
      out.push(warning('threads.empty-string', `operation ${i} has an empty ${op.id === '' ? 'id' : 'command'}`, { pointer: O(i, op.id === '' ? 'id' : 'command') }));
    // A new id grows the set; only a repeat looks up where its id first was.
    if (typeof op.id === 'string' && seenIds.size === seenIds.add(op.id).size) {
      // The first position of each id: the log read backwards, as a Map keeps the last value set for a key.
      firstAt ??= new Map(ops.map((o, k) => [isObject(o) ? o.id : undefined, k] as const).reverse());
      out.push(error('threads.id-duplicate', `operation id "${op.id}" is also used by /operations/${firstAt.get(op.id)!}`, { pointer: O(i, 'id') }));
    }
    const ts = op.timestamp;
    if (typeof ts === 'string') {
      const text = textOrdered(ts);
      const c = previous === undefined ? timeOf(ts) : compareTimes(ts, previous, text, previousText);
      if (!Number.isNaN(c)) {
        if (previous !== undefined && c < 0) out.push(warning('threads.operation-order', `operation ${i} is timestamped before the operation before it`, { pointer: O(i, 'timestamp') }));
        if (latest === undefined || (latest === previous && c >= 0) || compareTimes(ts, latest) > 0) latest = ts;
        previous = ts;
        previousText = text;
      }
    }
    const command = op.command;
    if (typeof command !== 'string') continue;
    const keys = own(KEY_PARAMS, command) ? KEY_PARAMS[command]! : undefined;
    if (keys === undefined) {
      out.push(warning('threads.command-unknown', `command "${command}" is not one the seed defines; it is not interpreted`, { pointer: O(i, 'command') }));
      continue;
    }
    const p = isObject(op.params) ? op.params : {};
    // The key params that are not strings: a list only when there is one.
    let missing: string[] | undefined;
    for (const k of keys) if (typeof ownGet(p, k) !== 'string') (missing ??= []).push(k);
    if (command === 'spawn' && own(p, 'parent_id') && p.parent_id !== null && typeof p.parent_id !== 'string') (missing ??= []).push('parent_id');
    if (missing !== undefined) {
      out.push(warning('threads.params-invalid', `${command} needs string params ${missing.join(', ')}`, { pointer: O(i, 'params') }));
      continue;
    }
    switch (command) {
      case 'spawn': {
        const child = known(subject[i]!, p, i, command, 'child_id');
        const parent = typeof p.parent_id === 'string' ? known(object[i]!, p, i, command, 'parent_id') : null;
        // An empty id never counted as a parent (or source) here: kept as it was.
        if (parent != null && ids[parent] !== '') readOnly(i, parent, 'spawn under');
        if (child === undefined) break;
        if (replay[child] !== undefined) out.push(warning('threads.spawn-existing', `"${ids[child]}" is spawned again`, { pointer: O(i, 'params', 'child_id') }));
        // The parents agree when both name the same thread: then the thread need not be read.
        const t = parent != null && parentOf[child] === parent ? undefined : thread(child);
        if (isObject(t) && (p.parent_id ?? null) !== t.parent_id)
          out.push(
            warning('threads.spawn-mismatch', `"${ids[child]}" was spawned under ${JSON.stringify(p.parent_id ?? null)} but its parent_id is ${JSON.stringify(t.parent_id)}`, {
              pointer: O(i, 'params', 'parent_id'),
            }),
          );
        setState(child, 'active');
        break;
      }
      case 'reference': {
        const from = known(subject[i]!, p, i, command, 'from_id');
        known(object[i]!, p, i, command, 'to_id');
        if (from !== undefined && ids[from] !== '') readOnly(i, from, 'reference from');
        break;
      }
      case 'freeze':
      case 'archive': {
        const v = known(subject[i]!, p, i, command, 'thread_id');
        if (v === undefined) break;
        const to = command === 'freeze' ? 'frozen' : 'archived';
        const from = replay[v];
        if (from !== undefined && !canTransition(from, to)) out.push(error('threads.transition-invalid', `${command} of "${ids[v]}": ${from} → ${to} is not allowed`, { pointer: O(i) }));
        setState(v, to);
        break;
      }
      case 'update': {
        const v = known(subject[i]!, p, i, command, 'thread_id');
        if (v === undefined) break;
        if (own(p, 'status')) {
          const from = replay[v];
          if (from !== undefined && from !== p.status && !canTransition(from, p.status))
            out.push(error('threads.transition-invalid', `update of "${ids[v]}": ${from} → ${String(p.status)} is not allowed`, { pointer: O(i, 'params', 'status') }));
          else readOnly(i, v, 'update');
          if (typeof p.status === 'string') setState(v, p.status);
        } else readOnly(i, v, 'update');
        break;
      }
    }
  }

  for (const v of stateOrder) {
    const t = thread(v);
    const was = isObject(t) ? t.status : undefined;
    if (typeof was === 'string' && was !== replay[v])
      out.push(warning('threads.status-drift', `"${ids[v]}" is ${was}, but its operations log leaves it ${replay[v]}`, { pointer: T(ids[v]!, 'status') }));
  }
  const lastUpdated = meta.last_updated;
  if (latest !== undefined && typeof lastUpdated === 'string' && compareTimes(lastUpdated, latest) < 0)
    out.push(warning('threads.last-updated-stale', `last_updated ${lastUpdated} is before the latest operation (${new Date(timeOf(latest)).toISOString()})`, { pointer: '/metadata/last_updated' }));

  // Relations: coverage, membership, symmetry, drift, depends_on cycles.
  for (const key of Object.keys(relations)) if (!position.has(key)) out.push(error('threads.relation-unknown-thread', `relations entry "${key}" has no thread`, { pointer: R(key) }));
  for (let v = 0; v < n; v++) {
    const id = ids[v]!;
    if (!hasEntry(v)) {
      out.push(warning('threads.relations-missing', `thread "${id}" has no relations entry`, { pointer: '/relations' }));
      continue;
    }
    const r = relation[v] as Loose;
    for (let f = 0; f < RELATION_FIELDS.length; f++) {
      const field = RELATION_FIELDS[f]!;
      const items = stored[f]![v]!;
      // The list the log implies (resolveList returns it as is) has no repeats, unknown ids, self-links or drift.
      const repeated = items === implied[f]![v] ? undefined : repeatsIn(r[field]);
      for (let k = 0; k < items.length; k++) {
        const w = items[k]!;
        if (w === NOT_STRING) continue;
        // A known item is the id at its position: the list itself is read only for unknown ones.
        const x = w === UNKNOWN ? (r[field] as string[])[k]! : ids[w]!;
        if (repeated?.(k)) out.push(warning('threads.relation-duplicate', `${field} of "${id}" lists "${x}" twice`, { pointer: R(id, field, k) }));
        else if (w === UNKNOWN) out.push(error('threads.relation-unknown-thread', `${field} of "${id}" names "${x}", which does not exist`, { pointer: R(id, field, k) }));
        else if (w === v) out.push(warning('threads.relation-self', `${field} of "${id}" names itself`, { pointer: R(id, field, k) }));
        // parentOf[w] === v says that thread w's parent_id is this thread's id.
        else if (field === 'children' && parentOf[w] !== v && isObject(thread(w)))
          out.push(error('threads.parent-child-mismatch', `"${id}" lists child "${x}", whose parent_id is ${JSON.stringify((thread(w) as Loose).parent_id)}`, { pointer: R(id, field, k) }));
        else if (field === 'references_to' && hasEntry(w) && !storedRefsBy[w]!.includes(v))
          out.push(error('threads.reference-asymmetric', `"${id}" references "${x}", but "${x}" does not list "${id}" in referenced_by`, { pointer: R(id, field, k) }));
        else if (field === 'referenced_by' && hasEntry(w) && !storedRefsTo[w]!.includes(v))
          out.push(error('threads.reference-asymmetric', `"${id}" is referenced by "${x}", but "${x}" does not list "${id}" in references_to`, { pointer: R(id, field, k) }));
      }
    }
    for (let f = 1; f < RELATION_FIELDS.length; f++) {
      // Unknown, non-string and self items are reported above, not as drift.
      const listed = stored[f]![v]!;
      const wanted = implied[f]![v]!;
      if (listed === wanted) continue;
      const have = listed.filter((w) => w >= 0 && w !== v);
      if (sameMembers(have, wanted)) continue;
      const field = RELATION_FIELDS[f]!;
      const extra = have.filter((w) => !wanted.includes(w)).map((w) => ids[w]);
      const lacking = wanted.filter((w) => !have.includes(w)).map((w) => ids[w]);
      const detail = `${extra.length ? `; not implied: ${extra.join(', ')}` : ''}${lacking.length ? `; missing: ${lacking.join(', ')}` : ''}`;
      out.push(warning('threads.relations-drift', `${field} of "${id}" disagrees with the operations log${detail}`, { pointer: R(id, field) }));
    }
  }
  // Dependencies stored before their dependents, as spawns add them, cannot form a cycle.
  const dependsEdges = storedDeps.every((list, v) => list.every((w) => w < v)) ? [] : storedDeps;
  for (const cycle of findCycles(dependsEdges)) {
    const names = cycle.map((v) => ids[v]!);
    const list = (relation[cycle[0]!] as Loose).depends_on as unknown[];
    out.push(warning('threads.depends-cycle', `depends_on cycle: ${[...names, names[0]].join(' → ')}`, { pointer: R(names[0]!, 'depends_on', list.indexOf(names[1])) }));
  }
  return out;
}
