import type { RecordV2 } from '../../schema/export-v2.js';

/** A record of the current schema version (v2). */
export type ExchangeRecord = RecordV2;

/**
 * The identity of a record within its type: `id` for Fact, Decision and
 * Identity, `path` for File, `src_doc_id rel dst_doc_id` (NUL-separated) for DocEdge.
 */
export function recordKey(record: ExchangeRecord): string {
  switch (record.type) {
    case 'File':
      return record.path;
    case 'DocEdge':
      return `${record.src_doc_id}\u0000${record.rel}\u0000${record.dst_doc_id}`;
    default:
      return record.id;
  }
}

/** The total order of records in a bundle: by type name, then key (UTF-16 code units). */
export function sortKey(record: ExchangeRecord): string {
  return `${record.type}\u0000${recordKey(record)}`;
}

/** When a record was last changed (milliseconds), `NaN` when it carries no date. */
export function recordTime(record: ExchangeRecord): number {
  return record.type === 'DocEdge' || record.updated_at === null ? Number.NaN : Date.parse(record.updated_at);
}
