import { MemkitError } from '../../kernel/problems/index.js';
import { isSearchIndexFile } from '../store/doc-file.js';
import type { FilePort } from '../../kernel/file-port.js';
import { type ExportEnv, exportBundle } from './export.js';
import { importBundle } from './import.js';
import { type FileRecordStore, type Memory, type RecordStore, memoryRecords } from './record-store.js';

/** Where a memory directory keeps its structured records (Fact, Decision, Identity, DocEdge): a records-only bundle. */
export const RECORDS_PATH = '.memkit/records.ndjson';

/**
 * The records of a memory directory, in `path` of `files`: a records-only
 * bundle read (and verified) on first use and held in memory. An import
 * writes the file in the same staged commit as the other files. A damaged
 * records file makes every use throw a `MemkitError`.
 */
export function fileRecords(files: FilePort, path: string = RECORDS_PATH, env: ExportEnv = {}): FileRecordStore {
  let loaded: Promise<RecordStore> | undefined;
  let dirty = false;
  const load = () => {
    loaded ??= (async () => {
      const inner = memoryRecords();
      const bytes = await files.read(path);
      if (bytes === undefined) return inner;
      const r = await importBundle(bytes, { records: inner }, { file: path, secrets: false, ...(env.hasher === undefined ? {} : { env: { hasher: env.hasher } }) });
      if (!r.ok) throw new MemkitError(r.problems);
      return inner;
    })();
    return loaded;
  };
  return {
    path,
    get: async (type, key) => (await load()).get(type, key),
    async put(record) {
      await (await load()).put(record);
      dirty = true;
    },
    async *list() {
      yield* (await load()).list();
    },
    async pendingFile() {
      if (!dirty) return undefined;
      const r = await exportBundle({ records: await load() }, { agentId: 'memkit', env });
      if (!r.ok) throw new MemkitError(r.problems);
      return { path, bytes: new TextEncoder().encode(await r.value.text()) };
    },
  };
}

/** `files` without the paths `hidden` picks in its listing; every other member, optional ones too, is the port's own. */
function listingWithout(files: FilePort, hidden: (path: string) => boolean): FilePort {
  const list = async (prefix: string) => (await files.list(prefix)).filter((p) => !hidden(p));
  return new Proxy(files, {
    get(target, key) {
      if (key === 'list') return list;
      const v = Reflect.get(target, key) as unknown;
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

/**
 * A memory directory as the CLI exports, imports and drills it: its files
 * (without the records file and the derived search index,
 * `SEARCH_INDEX_PATH`) and its records, kept in {@link RECORDS_PATH}.
 *
 * @example
 * declare const bundle: string, dir: string;
 * await importBundle(bundle, directoryMemory(nodeFiles(dir, { extensions: null })));
 */
export function directoryMemory(files: FilePort, env: ExportEnv = {}): Memory & { files: FilePort; records: FileRecordStore } {
  return { files: listingWithout(files, (p) => p === RECORDS_PATH || isSearchIndexFile(p)), records: fileRecords(files, RECORDS_PATH, env) };
}
