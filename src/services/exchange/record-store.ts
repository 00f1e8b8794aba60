import type { FilePort } from '../../kernel/file-port.js';
import { type ExchangeRecord, sortKey } from './records.js';

/** A value or a promise of it (lets in-memory stores skip a microtask per record). */
export type MaybePromise<T> = T | Promise<T>;

/** True when `x` is a promise (a then-able), not a value. */
export function isThenable<T>(x: MaybePromise<T>): x is Promise<T> {
  return typeof x === 'object' && x !== null && typeof (x as Promise<T>).then === 'function';
}

/** The structured records of a memory (Fact, Decision, Identity, DocEdge), as export and import need them (see {@link memoryRecords}). */
export interface RecordStore {
  /** The record of `type` with key `key` (see `recordKey`), or `undefined`. */
  get(type: ExchangeRecord['type'], key: string): MaybePromise<ExchangeRecord | undefined>;
  /** Inserts or replaces the record with the same type and key. */
  put(record: ExchangeRecord): MaybePromise<void>;
  /** Every record, sorted by type name then key (`sortKey`); called once per export pass. */
  list(): AsyncIterable<ExchangeRecord> | Iterable<ExchangeRecord>;
}

/** A whole memory as the exchange sees it: the files under a directory root and the structured records, either may be absent. */
export interface Memory {
  /** The memory directory (every file under the port's root is exported). */
  files?: FilePort;
  /** The structured records. */
  records?: RecordStore;
}

/** An in-memory {@link RecordStore} (a Map); `records()` lists a sorted snapshot. */
export function memoryRecords(initial: Iterable<ExchangeRecord> = []): RecordStore & { size(): number; snapshot(): ExchangeRecord[] } {
  const map = new Map<string, ExchangeRecord>();
  for (const r of initial) map.set(sortKey(r), r);
  const sorted = () => [...map.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((e) => e[1]);
  return {
    get: (type, key) => map.get(`${type}\u0000${key}`),
    put(record) {
      map.set(sortKey(record), record);
    },
    list: sorted,
    size: () => map.size,
    snapshot: sorted,
  };
}

/** A {@link RecordStore} kept in one file of the import target's file port (see `fileRecords`). */
export interface FileRecordStore extends RecordStore {
  /** The file's path in the port. */
  readonly path: string;
  /** The file's new bytes when records were put since it was read, else `undefined`. */
  pendingFile(): Promise<{ path: string; bytes: Uint8Array } | undefined>;
}

/** True when `records` keeps its records in a file that an import stages and commits with the other files. */
export function isFileRecordStore(records: RecordStore | undefined): records is FileRecordStore {
  return records !== undefined && typeof (records as Partial<FileRecordStore>).pendingFile === 'function';
}
