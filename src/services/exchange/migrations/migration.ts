import type { Result } from '../../../kernel/problems/index.js';

/** A JSON object record with a `type`, of some schema version. */
export type AnyRecord = { type: string } & Record<string, unknown>;

/** One step of the export schema, `from` → `from + 1`: pure, never mutates its input, and reports what it cannot carry. */
export interface RecordMigration {
  /** Source schema version. */
  readonly from: number;
  /** Target schema version (`from + 1`). */
  readonly to: number;
  /** One line: what changes. */
  readonly summary: string;
  /** Maps the manifest's `record_types` to the target version's names. */
  migrateRecordTypes(types: readonly string[]): string[];
  /** Migrates one record valid at `from` into one record valid at `to`. */
  migrateRecord(record: AnyRecord): Result<AnyRecord>;
}
