import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { type Problem, error } from '../problems/index.js';
import { DecisionV1, ExportManifest, FactV1, IdentityV1 } from '../schemas/export-v1.js';
import { DecisionV2, DocEdgeV2, ExportManifestV2, FactV2, FileV2, IdentityV2 } from '../schemas/export-v2.js';
import { toProblems } from '../schemas/validate.js';

/** The schema version this runtime writes (export never writes an older one). */
export const CURRENT_SCHEMA_VERSION = 2;

/**
 * The v2 export formats, as registry-style entries (id, title, schema). The
 * v1 ones live in `schemas/registry.ts`; these validate with their own
 * compiled validators so the exchange module does not depend on the registry
 * listing them.
 */
export const exportV2Formats = [
  { id: 'export-manifest-v2', title: 'export manifest (v2)', schema: ExportManifestV2 },
  { id: 'export-fact-v2', title: 'Fact record (v2)', schema: FactV2 },
  { id: 'export-decision-v2', title: 'Decision record (v2)', schema: DecisionV2 },
  { id: 'export-identity-v2', title: 'Identity record (v2)', schema: IdentityV2 },
  { id: 'export-doc-edge-v2', title: 'DocEdge record (v2)', schema: DocEdgeV2 },
  { id: 'export-file-v2', title: 'File record (v2)', schema: FileV2 },
] as const;

/** Record schemas per schema version and type. */
export const RECORD_SCHEMAS: Readonly<Record<number, Readonly<Record<string, TSchema>>>> = {
  1: { Fact: FactV1, Decision: DecisionV1, Identity: IdentityV1 },
  2: { Decision: DecisionV2, DocEdge: DocEdgeV2, Fact: FactV2, File: FileV2, Identity: IdentityV2 },
};

/** Manifest schemas per schema version (v1 uses the generic ADR-0002 manifest). */
export const MANIFEST_SCHEMAS: Readonly<Record<number, TSchema>> = { 1: ExportManifest, 2: ExportManifestV2 };

interface Checker {
  Check(value: unknown): boolean;
  Errors(value: unknown): readonly unknown[];
}

const cache = new Map<TSchema, Checker>();

function checker(schema: TSchema): Checker {
  let c = cache.get(schema);
  if (c === undefined) {
    c = Compile(schema) as unknown as Checker;
    cache.set(schema, c);
  }
  return c;
}

/** Validates `value` against a TypeBox schema; problems carry JSON Pointers and `schema.*` codes. */
export function checkSchema(schema: TSchema, value: unknown): Problem[] {
  const c = checker(schema);
  try {
    if (c.Check(value)) return [];
    const problems = toProblems(c.Errors(value) as Parameters<typeof toProblems>[0]);
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

/** Validates a record of schema version `version`; `undefined` when the type is unknown to that version. */
export function checkRecord(version: number, value: { type: string }): Problem[] | undefined {
  const schema = RECORD_SCHEMAS[version]?.[value.type];
  if (schema === undefined || !Object.prototype.hasOwnProperty.call(RECORD_SCHEMAS[version], value.type)) return undefined;
  return isSchemaValid(schema, value) ? [] : checkSchema(schema, value);
}
