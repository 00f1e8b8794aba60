import { type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { THREAD_ID_PATTERN, type Thread, type ThreadOperation, type ThreadRelations, type ThreadStore } from '../../schema/thread-store.js';
import { type Loose, isObject, own, ownGet, timeOf } from './model.js';
import { canTransition } from './transitions.js';

/** Capabilities {@link applyOperation} uses; all have defaults. */
export interface ThreadEnv {
  /** The clock (default `new Date()`); a string must be an RFC 3339 timestamp. */
  now?: () => Date | string;
  /** Operation ids (default `op-` + `crypto.randomUUID()`). */
  newId?: () => string;
  /** Operator recorded when the operation does not name one (default `system`). */
  operator?: ThreadOperation['operator'];
}

/** An operation to apply: the command, its params, and optionally who runs it. */
export interface ThreadCommand {
  command: string;
  params: Record<string, unknown>;
  operator?: ThreadOperation['operator'];
}

const ID = new RegExp(THREAD_ID_PATTERN);
/** The thread fields `update` may not set: its identity, its place in the tree and its status (freeze and archive change that). */
const FORBIDDEN_UPDATES: Partial<Record<keyof Thread, true>> = { id: true, created_at: true, parent_id: true, status: true };
/** The thread fields spawn and update take only as non-empty strings. */
const NON_EMPTY: Partial<Record<keyof Thread, true>> = { title: true, objective: true, storage_path: true };
const OPERATORS = ['user', 'system', 'agent'];

function timestamp(env: ThreadEnv): string | undefined {
  const v = env.now ? env.now() : new Date();
  const s = typeof v === 'string' ? v : Number.isNaN(v.getTime()) ? '' : v.toISOString().replace(/\.000Z$/, 'Z');
  return Number.isNaN(timeOf(s)) ? undefined : s;
}

const list = (v: unknown): string[] => (Array.isArray(v) ? [...(v as string[])] : []);

/**
 * Creates an empty thread store (version 1.0.0, no threads).
 * @example let store = createThreadStore({ now: () => '2026-02-08T16:00:00Z' })
 */
export function createThreadStore(env: Pick<ThreadEnv, 'now'> = {}): ThreadStore {
  return { version: '1.0.0', metadata: { last_updated: timestamp(env) ?? new Date(0).toISOString(), thread_count: 0 }, threads: {}, operations: [], relations: {} };
}

/**
 * Applies one operation and returns a new store (the input is never changed),
 * the operation logged and relations and metadata kept consistent. What the
 * transition table forbids, a change to a read-only thread, unknown threads
 * and bad params are refused with a Problem. Params: spawn `child_id`,
 * `objective`, `parent_id` (null for a root), optional `title`, `tags`,
 * `storage_path`, `depends_on`; reference `from_id`, `to_id`, `asset_path`;
 * freeze/archive `thread_id`; update `thread_id` and the fields to set.
 * @example
 * const store = createThreadStore();
 * const env = { now: () => new Date(), newId: () => crypto.randomUUID(), operator: 'agent' as const };
 * const r = applyOperation(store, { command: 'spawn', params: { parent_id: null, child_id: 'auth', objective: 'Add login' } }, env);
 */
export function applyOperation(store: ThreadStore, op: ThreadCommand, env: ThreadEnv = {}): Result<ThreadStore> {
  const refuse = (code: string, message: string, pointer = '/params'): Result<ThreadStore> => fail([error(code, message, { pointer })]);
  if (!isObject(store) || !isObject(store.threads) || !isObject(store.relations) || !Array.isArray(store.operations) || !isObject(store.metadata))
    return fail([error('threads.not-store', 'the store does not have the shape of a thread store', { pointer: '' })]);
  if (!isObject(op) || typeof op.command !== 'string' || !isObject(op.params)) return refuse('threads.params-invalid', 'an operation needs a command string and a params object', '');
  const operator = op.operator ?? env.operator ?? 'system';
  if (!(OPERATORS as readonly unknown[]).includes(operator)) return refuse('threads.params-invalid', `operator must be user, system or agent, not ${JSON.stringify(operator)}`, '/operator');
  const ts = timestamp(env);
  if (ts === undefined) return refuse('threads.params-invalid', 'env.now() did not give an RFC 3339 timestamp', '/timestamp');

  const p = op.params;
  // Copied on the first write, so the input is never changed and an operation that leaves the
  // threads (or relations) untouched shares them; a spread copy keeps a `__proto__` key as an own key.
  let threads: Loose = store.threads;
  let relations: Loose = store.relations;
  const setThread = (k: string, v: unknown) => define(threads === store.threads ? (threads = { ...threads }) : threads, k, v);
  const setRelations = (k: string, v: unknown) => define(relations === store.relations ? (relations = { ...relations }) : relations, k, v);
  const relOf = (tid: string): ThreadRelations => {
    const r = ownGet(relations, tid);
    const o: Loose = isObject(r) ? r : {};
    const copy = { children: list(o.children), references_to: list(o.references_to), referenced_by: list(o.referenced_by), depends_on: list(o.depends_on) };
    setRelations(tid, copy);
    return copy;
  };
  const str = (k: string): string | undefined => (typeof ownGet(p, k) === 'string' ? (p[k] as string) : undefined);
  // The refusal of the last `existing` that found no thread.
  let refused = fail<ThreadStore>([]);
  const existing = (k: string): Thread | undefined => {
    const tid = str(k);
    const t = tid === undefined ? undefined : ownGet(threads, tid);
    if (isObject(t)) return t as Thread;
    refused =
      tid === undefined
        ? refuse('threads.params-invalid', `${op.command} needs a string "${k}"`, `/params/${k}`)
        : refuse('threads.operation-unknown-thread', `thread "${tid}" does not exist`, `/params/${k}`);
    return undefined;
  };
  const stringArray = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const recorded: Record<string, unknown> = { ...p };

  switch (op.command) {
    case 'spawn': {
      const child = str('child_id');
      if (child === undefined || !ID.test(child)) return refuse('threads.params-invalid', 'spawn needs a child_id of letters, digits, "-" and "_"', '/params/child_id');
      if (own(threads, child)) return refuse('threads.spawn-existing', `thread "${child}" already exists`, '/params/child_id');
      const objective = str('objective');
      if (objective === undefined || objective === '') return refuse('threads.params-invalid', 'spawn needs a non-empty objective', '/params/objective');
      for (const k of Object.keys(NON_EMPTY)) if (own(p, k) && (typeof p[k] !== 'string' || p[k] === '')) return refuse('threads.params-invalid', `${k} must be a non-empty string`, `/params/${k}`);
      if (own(p, 'tags') && !stringArray(p.tags)) return refuse('threads.params-invalid', 'tags must be an array of strings', '/params/tags');
      let parentId: string | null = null;
      if (own(p, 'parent_id') && p.parent_id !== null) {
        const parent = existing('parent_id');
        if (parent === undefined) return refused;
        if (parent.status !== 'active') return refuse('threads.frozen-modified', `cannot spawn under "${parent.id}": it is ${parent.status}`, '/params/parent_id');
        parentId = str('parent_id')!;
      }
      recorded.parent_id = parentId;
      const deps = own(p, 'depends_on') ? checkDeps(p.depends_on, child, threads) : [];
      if (!Array.isArray(deps)) return fail([deps]);
      // In the schema's key order: tags before parent_id.
      const thread: Thread = {
        id: child,
        title: str('title') ?? objective,
        objective,
        created_at: ts,
        status: 'active',
        ...(own(p, 'tags') ? { tags: [...(p.tags as string[])] } : {}),
        parent_id: parentId,
        storage_path: str('storage_path') ?? `threads/${child}`,
      };
      setThread(child, thread);
      setRelations(child, { children: [], references_to: [], referenced_by: [], depends_on: deps });
      if (parentId !== null) {
        const pr = relOf(parentId);
        if (!pr.children.includes(child)) pr.children.push(child);
      }
      break;
    }
    case 'reference': {
      const from = existing('from_id');
      if (from === undefined) return refused;
      const to = existing('to_id');
      if (to === undefined) return refused;
      if (typeof ownGet(p, 'asset_path') !== 'string' || p.asset_path === '') return refuse('threads.params-invalid', 'reference needs a non-empty asset_path', '/params/asset_path');
      const fromId = str('from_id')!;
      const toId = str('to_id')!;
      if (fromId === toId) return refuse('threads.relation-self', `"${fromId}" cannot reference itself`, '/params/to_id');
      if (from.status !== 'active') return refuse('threads.frozen-modified', `"${fromId}" is ${from.status}; it cannot take new references`, '/params/from_id');
      const fr = relOf(fromId);
      if (!fr.references_to.includes(toId)) fr.references_to.push(toId);
      const tr = relOf(toId);
      if (!tr.referenced_by.includes(fromId)) tr.referenced_by.push(fromId);
      break;
    }
    case 'freeze':
    case 'archive': {
      const t = existing('thread_id');
      if (t === undefined) return refused;
      const to = op.command === 'freeze' ? 'frozen' : 'archived';
      if (!canTransition(t.status, to)) return refuse('threads.transition-invalid', `${op.command}: ${t.status} → ${to} is not allowed`, '/params/thread_id');
      setThread(str('thread_id')!, { ...t, status: to });
      break;
    }
    case 'update': {
      const t = existing('thread_id');
      if (t === undefined) return refused;
      const tid = str('thread_id')!;
      if (t.status !== 'active') return refuse('threads.frozen-modified', `"${tid}" is ${t.status} (read-only)`, '/params/thread_id');
      const fields = Object.keys(p).filter((k) => k !== 'thread_id');
      if (fields.length === 0) return refuse('threads.params-invalid', 'update needs at least one field to set');
      const bad = fields.find((k) => Object.hasOwn(FORBIDDEN_UPDATES, k));
      if (bad !== undefined) return refuse('threads.update-forbidden', `update may not change "${bad}"`, `/params/${bad}`);
      const next: Record<string, unknown> = { ...t };
      for (const k of fields) {
        const v = p[k];
        if (Object.hasOwn(NON_EMPTY, k) && (typeof v !== 'string' || v === '')) return refuse('threads.params-invalid', `${k} must be a non-empty string`, `/params/${k}`);
        if (k === 'tags' && !stringArray(v)) return refuse('threads.params-invalid', 'tags must be an array of strings', '/params/tags');
        if (k === 'depends_on') {
          const d = checkDeps(v, tid, threads);
          if (!Array.isArray(d)) return fail([d]);
          if (createsCycle(tid, d, relations)) return refuse('threads.depends-cycle', `depending on ${d.join(', ')} would make "${tid}" depend on itself`, '/params/depends_on');
          relOf(tid).depends_on = d;
          continue;
        }
        define(next, k, JSON.parse(JSON.stringify(v ?? null)));
      }
      setThread(tid, next);
      break;
    }
    default:
      return refuse('threads.command-unsupported', `command "${op.command}" is not spawn, reference, freeze, archive or update`, '/command');
  }

  const id = env.newId ? env.newId() : `op-${globalThis.crypto.randomUUID()}`;
  if (typeof id !== 'string' || id === '') return refuse('threads.params-invalid', 'env.newId() did not give a non-empty string', '/id');
  if (store.operations.some((o) => isObject(o) && o.id === id)) return refuse('threads.id-duplicate', `operation id "${id}" is already in the log`, '/id');
  const operation: ThreadOperation = { id, timestamp: ts, command: op.command, operator, params: JSON.parse(JSON.stringify(recorded)) };
  const last = timeOf(store.metadata.last_updated);
  return ok({
    ...store,
    metadata: { ...store.metadata, last_updated: Number.isNaN(last) || timeOf(ts) >= last ? ts : store.metadata.last_updated, thread_count: Object.keys(threads).length },
    threads: threads as ThreadStore['threads'],
    operations: [...store.operations, operation],
    relations: relations as ThreadStore['relations'],
  });
}

function checkDeps(v: unknown, self: string, threads: Loose): string[] | Problem {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) return error('threads.params-invalid', 'depends_on must be an array of thread ids', { pointer: '/params/depends_on' });
  const deps = [...new Set(v as string[])];
  if (deps.includes(self)) return error('threads.relation-self', `"${self}" cannot depend on itself`, { pointer: '/params/depends_on' });
  const unknown = deps.find((d) => !own(threads, d));
  if (unknown !== undefined) return error('threads.operation-unknown-thread', `thread "${unknown}" does not exist`, { pointer: '/params/depends_on' });
  return deps;
}

/** True when some new dependency already reaches `self` through depends_on links. */
function createsCycle(self: string, deps: string[], relations: Loose): boolean {
  const seen = new Set<string>();
  const stack = [...deps];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (x === self) return true;
    if (seen.has(x)) continue;
    seen.add(x);
    const r = ownGet(relations, x);
    if (isObject(r) && Array.isArray(r.depends_on)) for (const d of r.depends_on) if (typeof d === 'string') stack.push(d);
  }
  return false;
}

/** Sets an own key with define semantics (`__proto__` stays a key). */
function define(o: Loose, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
}
