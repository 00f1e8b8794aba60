import Type from 'typebox';
import { getFormat } from '../schemas/registry.js';
import { compiledSchemaOf, guardedCheck, plainArrayItems } from '../schemas/validate.js';

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
  const top = { ...schema, properties: { ...properties, threads: Type.Unsafe({ type: 'object' }), operations: Type.Unsafe({ type: 'array' }), relations: Type.Unsafe({ type: 'object' }) } };
  return {
    top: guardedCheck(top),
    // Through compiledSchemaOf like the rest, so the id pattern runs as its loop.
    key: guardedCheck(compiledSchemaOf(Type.String({ pattern: threads[0] }))),
    thread: guardedCheck(threads[1]),
    operation: guardedCheck(operation),
    relations: guardedCheck(relations[1]),
  };
}
