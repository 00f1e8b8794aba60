import { type Problem, error, fail, ok, toPointer, warning } from '../../../kernel/problems/index.js';
import { DecisionV1, FactV1, IdentityV1 } from '../../../schema/typebox/export-v1.js';
import type { AnyRecord, RecordMigration } from './migration.js';

const known: Record<string, readonly string[]> = {
  Fact: Object.keys(FactV1.properties),
  Decision: Object.keys(DecisionV1.properties),
  Identity: Object.keys(IdentityV1.properties),
};

// v1 tolerates fields it does not define (docs/schema/v1.md): the record is imported and each such field reported.
function unknownFields(record: AnyRecord): Problem[] {
  const names = known[record.type];
  if (names === undefined) return [error('exchange.unknown-record-type', `schema v1 has no record type "${record.type}"`, { pointer: '/type' })];
  const message = (k: string) => `v1 ${record.type} property "${k}" is not defined by schema v1 and has no place in v2; it was not imported`;
  const unknown = Object.keys(record).filter((k) => !names.includes(k));
  return unknown.map((k) => warning('exchange.migration-dropped-field', message(k), { pointer: toPointer([k]) }));
}

/**
 * Export schema v1 → v2 (docs/schema/v2.md):
 * - Fact: `statement` is renamed `text`.
 * - Decision: new required `updated_at`, defaulting to `decided_at`.
 * - Identity: `traits` strings become `{ name, note: null }`; new required
 *   `updated_at`, defaulting to `created_at`.
 * - A property schema v1 does not define is not carried (v2 has no place
 *   for it); each is returned as an `exchange.migration-dropped-field` warning.
 * Property order follows JCS so re-serialization is canonical.
 */
export const v1ToV2: RecordMigration = {
  from: 1,
  to: 2,
  summary: 'Fact.statement → Fact.text; Decision.updated_at (default decided_at); Identity.traits structured, Identity.updated_at (default created_at)',
  migrateRecordTypes: (types) => [...types],
  migrateRecord(r) {
    const problems = unknownFields(r);
    if (problems.some((p) => p.severity === 'error')) return fail(problems);
    switch (r.type) {
      case 'Fact':
        return ok({ created_at: r.created_at, id: r.id, source: r.source, tags: r.tags, text: r.statement, type: 'Fact', updated_at: r.updated_at }, problems);
      case 'Decision': {
        const { decided_at, id, rationale, status, supersedes, title } = r;
        return ok({ decided_at, id, rationale, status, supersedes, title, type: 'Decision', updated_at: decided_at }, problems);
      }
      default: {
        const { created_at, id, name, role } = r;
        const traits = (r.traits as string[]).map((trait) => ({ name: trait, note: null }));
        return ok({ created_at, id, name, role, traits, type: 'Identity', updated_at: created_at }, problems);
      }
    }
  },
};
