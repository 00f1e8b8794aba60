import Type from 'typebox';
import { getFormat } from '../schemas/registry.js';
import { compiledSchemaOf, guardedCheck, guardedShell, plainArrayItems } from '../schemas/validate.js';

/**
 * The `thread-store` schema check, split so that a caller walking the store
 * anyway can check each part while it is in cache. Every check is compiled by
 * TypeBox from the very schema `validate('thread-store', …)` compiles, and a
 * store passes that validator exactly when:
 * - {@link StoreChecks.top} accepts the store (everything but the three
 *   collections' contents: version, metadata, and that `threads` and
 *   `relations` are objects and `operations` an array);
 * - every own property name of `threads` and of `relations` passes
 *   {@link StoreChecks.key};
 * - the value of every enumerable own key of `threads` passes
 *   {@link StoreChecks.thread}, of `relations` {@link StoreChecks.relations};
 * - every element of `operations` (holes skipped) passes
 *   {@link StoreChecks.operation}.
 * (That is how TypeBox compiles a record with `additionalProperties: false`:
 * `getOwnPropertyNames(…).every(key)` and `entries(…).every(value)`.)
 * Each check returns false, never throws, on a value it cannot check; a
 * caller that sees any check fail asks `validate` for the problems.
 */
export interface StoreChecks {
  top(store: unknown): boolean;
  key(name: unknown): boolean;
  thread(value: unknown): boolean;
  operation(value: unknown): boolean;
  relations(value: unknown): boolean;
  /**
   * {@link StoreChecks.relations} for an entry each of whose `lists` items is
   * a string equal to a name that passed {@link StoreChecks.key}: the entry's
   * shape alone, since those items pass their own check, which is `key`'s
   * (so a caller that knows the items by identity need not read their text
   * again). Undefined when the schema's list items are not exactly the key's
   * schema.
   */
  relationsOfKnownIds: { check: (value: unknown) => boolean; lists: readonly string[] } | undefined;
}

/** Keywords a record schema may carry for its entries to be checkable one by one. */
const RECORD_KEYS = new Set<PropertyKey>(['type', 'patternProperties', 'additionalProperties', '~kind', 'title', 'description']);

type Node = Record<PropertyKey, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The single key pattern and value schema of a plain strict record, or undefined. */
function recordParts(node: unknown): [string, Node] | undefined {
  if (!isNode(node) || node.type !== 'object' || node.additionalProperties !== false || !Reflect.ownKeys(node).every((k) => RECORD_KEYS.has(k))) return undefined;
  const patterns = node.patternProperties;
  if (!isNode(patterns) || Reflect.ownKeys(patterns).length !== 1) return undefined;
  const pattern = Object.keys(patterns)[0];
  return pattern !== undefined && isNode(patterns[pattern]) ? [pattern, patterns[pattern]] : undefined;
}

/** Keywords of a string schema that says no more than its pattern. */
const KEY_STRING_KEYS = new Set<PropertyKey>(['type', 'pattern', '~kind', 'title', 'description']);

/** True when `node` is the schema of a string matching `pattern`, and nothing else. */
function isKeyString(node: unknown, pattern: string): boolean {
  return isNode(node) && node.type === 'string' && node.pattern === pattern && Reflect.ownKeys(node).every((k) => KEY_STRING_KEYS.has(k));
}

let compiled: StoreChecks | null | undefined;

/**
 * The split checks of the `thread-store` format (compiled once), or
 * `undefined` when its schema is not of the shape the split assumes (then a
 * caller validates the whole store as usual).
 */
export function storeChecks(): StoreChecks | undefined {
  if (compiled === undefined) compiled = compile() ?? null;
  return compiled ?? undefined;
}

function compile(): StoreChecks | undefined {
  const def = getFormat('thread-store');
  // A format with semantic rules returns their problems even for a valid value: no split then.
  if (def === undefined || def.check !== undefined) return undefined;
  const schema = compiledSchemaOf(def.schema) as Node;
  const properties = schema.properties;
  if (schema.type !== 'object' || !isNode(properties)) return undefined;
  const threads = recordParts(properties.threads);
  const relations = recordParts(properties.relations);
  if (threads === undefined || relations === undefined || threads[0] !== relations[0]) return undefined;
  const operation = plainArrayItems(properties.operations);
  if (operation === undefined) return undefined;
  // The relations entry without its lists' items, offered when each list item's schema (as written, before
  // compiledSchemaOf turns patterns into loops) is exactly the key's: a string matching the key pattern.
  const shell = guardedShell(relations[1]);
  const rawEntry = recordParts(isNode(def.schema) && isNode(def.schema.properties) ? def.schema.properties.relations : undefined)?.[1];
  const rawLists = rawEntry !== undefined && isNode(rawEntry.properties) ? rawEntry.properties : {};
  const listsOfIds = shell.arrays.length > 0 && shell.arrays.every((k) => isKeyString(plainArrayItems(rawLists[k]), threads[0]));
  const top = { ...schema, properties: { ...properties, threads: Type.Unsafe({ type: 'object' }), operations: Type.Unsafe({ type: 'array' }), relations: Type.Unsafe({ type: 'object' }) } };
  return {
    top: guardedCheck(top),
    // Through compiledSchemaOf like the rest, so the id pattern runs as its loop.
    key: guardedCheck(compiledSchemaOf(Type.String({ pattern: threads[0] }))),
    thread: guardedCheck(threads[1]),
    operation: guardedCheck(operation),
    relations: guardedCheck(relations[1]),
    relationsOfKnownIds: listsOfIds ? { check: shell.check, lists: shell.arrays } : undefined,
  };
}
