import { type Problem, type Result, error, fail, ok } from '../../../kernel/problems/index.js';
import { CURRENT_SCHEMA_VERSION, checkRecord } from '../../../formats/export-bundle/records.js';
import type { AnyRecord, RecordMigration } from './migration.js';
import { v1ToV2 } from './v1-to-v2.js';

export type { AnyRecord, RecordMigration } from './migration.js';

/** Every migration step, keyed by its source version. Adding a schema version means adding one file and one entry. */
export const migrations: ReadonlyMap<number, RecordMigration> = new Map([[v1ToV2.from, v1ToV2]]);

/**
 * The steps that bring `from` to `to`, in order; `[]` when equal, a Problem
 * when `from` is newer than `to` or a step is missing.
 */
export function migrationPath(from: number, to: number = CURRENT_SCHEMA_VERSION): Result<RecordMigration[]> {
  if (from > to) return fail([error('exchange.bundle-too-new', `schema version ${from} is newer than ${to}, the newest this runtime knows; upgrade memkit`)]);
  const steps: RecordMigration[] = [];
  for (let v = from; v < to; v++) {
    const step = migrations.get(v);
    if (step === undefined || step.to !== v + 1) return fail([error('exchange.no-migration', `no migration from schema version ${v} to ${v + 1}`)]);
    steps.push(step);
  }
  return ok(steps);
}

/**
 * Migrates one record valid at `steps[0].from` through every step, checking
 * each intermediate result against its version's schema. Warnings of the
 * steps (fields a step could not carry) come back with the result.
 */
export function applySteps(record: AnyRecord, steps: readonly RecordMigration[]): Result<AnyRecord> {
  let current = record;
  let warnings: Problem[] | undefined;
  for (const step of steps) {
    const r = step.migrateRecord(current);
    if (!r.ok) return r;
    if (r.problems !== undefined && r.problems.length > 0) (warnings ??= []).push(...r.problems);
    const problems: Problem[] | undefined = checkRecord(step.to, r.value);
    if (problems === undefined || problems.length > 0)
      return fail([error('exchange.migration-failed', `migration v${step.from}→v${step.to} produced an invalid ${current.type}`), ...(problems ?? [])]);
    current = r.value;
  }
  return ok(current, warnings);
}

/**
 * Migrates a record of schema version `from` to `to` (default: current).
 *
 * @example
 * migrateRecord({ type: 'Fact', id: 'f1', statement: 'x', tags: [], source: null,
 *   created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' }, 1)
 * // { ok: true, value: { type: 'Fact', id: 'f1', text: 'x', ... } }
 */
export function migrateRecord(record: AnyRecord, from: number, to: number = CURRENT_SCHEMA_VERSION): Result<AnyRecord> {
  const path = migrationPath(from, to);
  if (!path.ok) return path;
  const input = checkRecord(from, record);
  if (input === undefined) return fail([error('exchange.unknown-record-type', `schema v${from} has no record type "${record.type}"`, { pointer: '/type' })]);
  if (input.length > 0) return fail(input);
  return applySteps(record, path.value);
}
