import { type Result, error, fail, ok, parsePointer } from '../../kernel/problems/index.js';

/** One RFC 6902 JSON Patch operation. */
export type JsonPatchOperation = { op: 'add' | 'replace' | 'test'; path: string; value: unknown } | { op: 'remove'; path: string } | { op: 'move' | 'copy'; from: string; path: string };

const own = (o: object, k: string) => Object.hasOwn(o, k);
const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => v !== null && typeof v === 'object';

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => own(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

class PatchError extends Error {}

function locate(doc: unknown, pointer: string): { parent: Record<string, unknown> | unknown[]; key: string } | undefined {
  const tokens = parsePointer(pointer);
  if (tokens === undefined) throw new PatchError(`"${pointer}" is not a JSON Pointer`);
  if (tokens.length === 0) return undefined;
  let cur: unknown = doc;
  for (let i = 0; i < tokens.length - 1; i++) {
    cur = child(cur, tokens[i]!, pointer);
  }
  if (!isContainer(cur)) throw new PatchError(`the parent of "${pointer}" is not an object or array`);
  return { parent: cur, key: tokens[tokens.length - 1]! };
}

function arrayIndex(arr: unknown[], token: string, pointer: string, allowEnd: boolean): number {
  if (token === '-' && allowEnd) return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`"${token}" in "${pointer}" is not an array index`);
  const i = Number(token);
  if (i > arr.length || (!allowEnd && i === arr.length)) throw new PatchError(`index ${i} in "${pointer}" is out of range`);
  return i;
}

function child(cur: unknown, token: string, pointer: string): unknown {
  if (Array.isArray(cur)) return cur[arrayIndex(cur, token, pointer, false)];
  if (isContainer(cur) && own(cur, token)) return (cur as Record<string, unknown>)[token];
  throw new PatchError(`"${pointer}" does not exist`);
}

function get(doc: unknown, pointer: string): unknown {
  const at = locate(doc, pointer);
  return at === undefined ? doc : child(at.parent, at.key, pointer);
}

function add(doc: unknown, pointer: string, value: unknown): unknown {
  const at = locate(doc, pointer);
  if (at === undefined) return value;
  if (Array.isArray(at.parent)) at.parent.splice(arrayIndex(at.parent, at.key, pointer, true), 0, value);
  // defineProperty, not assignment: a `__proto__` token must never reach the prototype.
  else Object.defineProperty(at.parent, at.key, { value, writable: true, enumerable: true, configurable: true });
  return doc;
}

function remove(doc: unknown, pointer: string): unknown {
  const at = locate(doc, pointer);
  if (at === undefined) throw new PatchError('cannot remove the whole document');
  if (Array.isArray(at.parent)) at.parent.splice(arrayIndex(at.parent, at.key, pointer, false), 1);
  else if (own(at.parent, at.key)) delete at.parent[at.key];
  else throw new PatchError(`"${pointer}" does not exist`);
  return doc;
}

/**
 * Applies an RFC 6902 JSON Patch to a copy of `doc`, all or nothing.
 * @example applyJsonPatch({ a: 1 }, [{ op: 'replace', path: '/a', value: 2 }]) // ok: { a: 2 }
 */
export function applyJsonPatch(doc: unknown, patch: readonly JsonPatchOperation[]): Result<unknown> {
  let out: unknown;
  try {
    out = clone(doc);
  } catch (cause) {
    return fail([error('wbs.patch-failed', `the document cannot be copied: ${String(cause)}`, { pointer: '' })]);
  }
  if (!Array.isArray(patch)) return fail([error('wbs.patch-failed', 'a JSON Patch is an array of operations', { pointer: '' })]);
  for (let i = 0; i < patch.length; i++) {
    const op = patch[i]!;
    try {
      if (op === null || typeof op !== 'object' || typeof op.path !== 'string') throw new PatchError('an operation needs an object with a string "path"');
      switch (op.op) {
        case 'add':
          out = add(out, op.path, clone(op.value));
          break;
        case 'remove':
          out = remove(out, op.path);
          break;
        case 'replace':
          get(out, op.path);
          out = op.path === '' ? clone(op.value) : add(remove(out, op.path), op.path, clone(op.value));
          break;
        case 'move': {
          if (op.path === op.from) break;
          if (op.path.startsWith(op.from + '/')) throw new PatchError(`cannot move "${op.from}" into itself`);
          const v = get(out, op.from);
          out = add(remove(out, op.from), op.path, v);
          break;
        }
        case 'copy':
          out = add(out, op.path, clone(get(out, op.from)));
          break;
        case 'test':
          if (!deepEqual(get(out, op.path), op.value)) throw new PatchError(`test at "${op.path}" failed`);
          break;
        default:
          throw new PatchError(`unknown operation "${String((op as { op: unknown }).op)}"`);
      }
    } catch (cause) {
      const message = cause instanceof PatchError ? cause.message : String(cause);
      return fail([error('wbs.patch-failed', `operation ${i} (${String((op as { op?: unknown } | null)?.op)}): ${message}`, { pointer: `/${i}` })]);
    }
  }
  return ok(out);
}
