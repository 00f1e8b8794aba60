import type { TSchema } from 'typebox';
import { Type } from '../../schema/typebox/type.js';
import { type SchemaChecker, tieredChecker } from '../../schema/typebox-check.js';
import { type Problem, error } from '../../kernel/problems/index.js';
import { DecisionV1, ExportManifest, FactV1, IdentityV1 } from '../../schema/export-v1.js';
import { DecisionV2, DocEdgeV2, ExportManifestV2, FactV2, FileV2, IdentityV2 } from '../../schema/export-v2.js';
import type { SchemaObject } from '../../schema/registry.js';
import { schemaProblems } from '../../schema/validate.js';
import { isDateTime } from '../../schema/date-time.js';

/** The schema version this runtime writes (export never writes an older one). */
export const CURRENT_SCHEMA_VERSION = 2;

/** The v2 export formats as registry-style entries, with their own compiled validators so exchange needs no registry listing them. */
export const exportV2Formats = [
  { id: 'export-manifest-v2', title: 'export manifest (v2)', schema: ExportManifestV2 },
  { id: 'export-fact-v2', title: 'Fact record (v2)', schema: FactV2 },
  { id: 'export-decision-v2', title: 'Decision record (v2)', schema: DecisionV2 },
  { id: 'export-identity-v2', title: 'Identity record (v2)', schema: IdentityV2 },
  { id: 'export-doc-edge-v2', title: 'DocEdge record (v2)', schema: DocEdgeV2 },
  { id: 'export-file-v2', title: 'File record (v2)', schema: FileV2 },
] as const;

/** Record schemas per schema version and type. */
export const RECORD_SCHEMAS: Readonly<Record<number, Readonly<Record<string, SchemaObject>>>> = {
  1: { Fact: FactV1, Decision: DecisionV1, Identity: IdentityV1 },
  2: { Decision: DecisionV2, DocEdge: DocEdgeV2, Fact: FactV2, File: FileV2, Identity: IdentityV2 },
};

/** Manifest schemas per schema version (v1 uses the generic ADR-0002 manifest). */
export const MANIFEST_SCHEMAS: Readonly<Record<number, SchemaObject>> = { 1: ExportManifest, 2: ExportManifestV2 };

/**
 * Values a schema is checked for by TypeBox's interpreter before its check is compiled: compiling
 * costs about as much as interpreting a few hundred small records, and a bundle in a small memory
 * has a handful. The answers are the same either way (TypeBox's compiled check and its interpreter
 * implement one specification).
 */
const COMPILE_AFTER = 32;

const cache = new Map<TSchema, SchemaChecker>();

function checker(schema: TSchema): SchemaChecker {
  let c = cache.get(schema);
  if (c === undefined) {
    c = tieredChecker(schema, COMPILE_AFTER);
    cache.set(schema, c);
  }
  return c;
}

/** Validates `value` against a TypeBox schema; problems carry JSON Pointers and `schema.*` codes. */
export function checkSchema(schema: TSchema, value: unknown): Problem[] {
  const c = checker(schema);
  try {
    if (c.Check(value)) return [];
    const problems = schemaProblems(c, value);
    return problems.length > 0 ? problems : [error('schema.invalid', 'value does not match its schema', { pointer: '' })];
  } catch (cause) {
    return [error('input.too-deep', `value could not be validated: ${(cause as Error).message}`, { pointer: '' })];
  }
}

/** True when `value` is valid for `schema` (fast path, no problem list). */
export function isSchemaValid(schema: TSchema, value: unknown): boolean {
  try {
    return checker(schema).Check(value);
  } catch {
    return false;
  }
}

const isDateTimeSchema = (s: TSchema): boolean => (s as { format?: string }).format === 'date-time';

/**
 * A record schema's fast path: the same schema with its top-level date-time
 * properties as plain strings (TypeBox's date-time format check dominates
 * validation time), plus the names of those properties for
 * {@link isDateTime}. Only a "yes" of the fast path is trusted.
 */
interface FastPath {
  plain: SchemaChecker;
  dates: string[];
  nullableDates: string[];
}

const fastPaths = new Map<TSchema, FastPath | null>();

function fastPathOf(schema: TSchema): FastPath | null {
  let f = fastPaths.get(schema);
  if (f !== undefined) return f;
  const props = (schema as { properties?: Record<string, TSchema> }).properties;
  f = null;
  if (props !== undefined && (schema as { type?: string }).type === 'object') {
    const dates: string[] = [];
    const nullableDates: string[] = [];
    const plainProps: Record<string, TSchema> = {};
    for (const [k, p] of Object.entries(props)) {
      const anyOf = (p as { anyOf?: TSchema[] }).anyOf;
      if (isDateTimeSchema(p)) {
        dates.push(k);
        plainProps[k] = Type.String();
      } else if (anyOf !== undefined && anyOf.length === 2 && anyOf.some(isDateTimeSchema) && anyOf.some((x) => (x as { type?: string }).type === 'null')) {
        nullableDates.push(k);
        plainProps[k] = Type.Union([Type.String(), Type.Null()]);
      } else plainProps[k] = p;
    }
    const { properties: _p, ...options } = schema as unknown as Record<string, unknown>;
    void _p;
    const plainSchema = { ...options, properties: plainProps };
    f = { plain: tieredChecker(plainSchema, COMPILE_AFTER), dates, nullableDates };
  }
  fastPaths.set(schema, f);
  return f;
}

/** Like {@link isSchemaValid}, but with the date-time fast path for record schemas. */
export function isRecordValid(schema: TSchema, value: unknown): boolean {
  const f = fastPathOf(schema);
  if (f !== null) {
    try {
      if (f.plain.Check(value)) {
        const v = value as Record<string, unknown>;
        let fast = true;
        for (const k of f.dates) if (!isDateTime(v[k] as string)) fast = false;
        for (const k of f.nullableDates) if (v[k] !== null && !isDateTime(v[k] as string)) fast = false;
        if (fast) return true;
      }
    } catch {
      // fall through to the full check
    }
  }
  return isSchemaValid(schema, value);
}

/** Validates a record of schema version `version`; `undefined` when the type is unknown to that version. */
export function checkRecord(version: number, value: { type: string }): Problem[] | undefined {
  const schemas = RECORD_SCHEMAS[version];
  if (schemas === undefined || !Object.hasOwn(schemas, value.type)) return undefined;
  const schema = schemas[value.type]!;
  return isRecordValid(schema, value) ? [] : checkSchema(schema, value);
}
