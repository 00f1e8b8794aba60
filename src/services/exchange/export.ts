import { type Hasher, canonicalize, jsHasher } from '../../kernel/canonical/index.js';
import { type Problem, type Result, MemkitError, error, fail, ok } from '../../kernel/problems/index.js';
import { ExportManifestV2, V2_RECORD_TYPES } from '../../schema/export-v2.js';
import { BundleDigest } from './digest.js';
import { layoutOf } from '../../formats/index.js';
import { fileRecord, isSafePath } from './file-records.js';
import { CURRENT_SCHEMA_VERSION, RECORD_SCHEMAS, checkSchema, isRecordValid } from '../../formats/export-bundle/records.js';
import type { Memory } from './record-store.js';
import { type ExchangeRecord, sortKey } from './records.js';
import { isStagingDirName } from './staging.js';

/** Capabilities export uses. */
export interface ExportEnv {
  /** The clock for `exported_at` (default: the system clock). */
  now?: () => Date | string;
  /** SHA-256 for file hashes and the digest (default: the portable JS one). */
  hasher?: Hasher;
}

/** Options for {@link exportBundle}. */
export interface ExportOptions {
  /** The manifest's `agent_id`. */
  agentId: string;
  /** Injected capabilities. */
  env?: ExportEnv;
  /** Stop after this many problems (default 100). */
  maxProblems?: number;
}

/** A verified export, ready to stream. */
export interface ExportedBundle {
  /** The manifest (first line). */
  readonly manifest: ExportManifestV2;
  /**
   * The bundle text in chunks of about 64 KiB, manifest line first. Each call
   * re-reads the memory, and throws a `MemkitError` (`exchange.source-changed`)
   * at the end if it changed since {@link exportBundle} counted it.
   */
  chunks(): AsyncIterable<string>;
  /** The whole bundle as one string (small memories, tests). */
  text(): Promise<string>;
  /** The bundle as a web `ReadableStream` of UTF-8 bytes. */
  stream(): ReadableStream<Uint8Array>;
}

async function* filesOf(memory: Memory, hasher: Hasher, problems: Problem[]): AsyncGenerator<ExchangeRecord> {
  if (memory.files === undefined) return;
  const paths = await memory.files.list('');
  // Which directories are memory banks is a fact of the whole listing (as `memkit check` discovers them).
  const layout = layoutOf(paths);
  for (const path of paths) {
    // An interrupted import's staging directory is not memory; the next import resolves it.
    if (isStagingDirName(path.slice(0, path.indexOf('/')))) continue;
    if (!isSafePath(path)) {
      problems.push(error('exchange.unsafe-path', `file "${path}" has an unsafe path and cannot be exported`, { file: path }));
      continue;
    }
    const bytes = await memory.files.read(path);
    if (bytes === undefined) continue; // removed while listing: it is simply not in this export
    yield fileRecord(path, bytes, hasher, layout);
  }
}

const keyOf = (r: ExchangeRecord) => JSON.stringify(sortKey(r).slice(r.type.length + 1));

function checkStoreRecord(r: unknown, n: number, problems: Problem[], validate: boolean): r is ExchangeRecord {
  const type = typeof r === 'object' && r !== null ? (r as { type?: unknown }).type : undefined;
  const schemas = RECORD_SCHEMAS[CURRENT_SCHEMA_VERSION]!;
  if (typeof type !== 'string' || type === 'File' || !Object.hasOwn(schemas, type)) {
    problems.push(error('exchange.invalid-record', `record ${n} of the record store has type ${JSON.stringify(type)}, which a record store cannot export`));
    return false;
  }
  const schema = schemas[type]!;
  if (!validate || isRecordValid(schema, r)) return true;
  for (const p of checkSchema(schema, r)) problems.push({ ...p, message: `${type} ${keyOf(r as ExchangeRecord)}: ${p.message}` });
  problems.push(error('exchange.invalid-record', `${type} ${keyOf(r as ExchangeRecord)} is not valid for schema v${CURRENT_SCHEMA_VERSION}`));
  return false;
}

/** Receives each record with its canonical line, in bundle order. */
type Visit = (record: ExchangeRecord, line: string) => void;

/**
 * Walks the memory's records and files merged in bundle order, calling
 * `visit` for each with its canonical line and yielding every 512 records.
 * Problems go to `problems`.
 */
async function* walk(memory: Memory, hasher: Hasher, problems: Problem[], max: number, validate: boolean, visit: Visit): AsyncGenerator<void> {
  const files = filesOf(memory, hasher, problems);
  let nextFile = await files.next();
  let prev: string | undefined;
  let n = 0;
  let sinceYield = 0;
  const emit = (r: ExchangeRecord): void => {
    const key = sortKey(r);
    if (prev !== undefined && !(prev < key))
      problems.push(error('exchange.unsorted-records', `${r.type} ${keyOf(r)} does not sort after the record before it; record stores must list sorted, unique records`));
    prev = key;
    visit(r, canonicalize(r));
  };
  if (memory.records !== undefined) {
    for await (const r of memory.records.list()) {
      n++;
      if (problems.length >= max) return;
      if (!checkStoreRecord(r, n, problems, validate)) continue;
      while (!nextFile.done && nextFile.value.type < r.type) {
        emit(nextFile.value);
        nextFile = await files.next();
        yield;
      }
      emit(r);
      if (++sinceYield === 512) {
        sinceYield = 0;
        yield;
      }
    }
  }
  while (!nextFile.done) {
    if (problems.length >= max) return;
    emit(nextFile.value);
    nextFile = await files.next();
    yield;
  }
}

/**
 * Exports a memory (files and records) as a self-verifying NDJSON bundle: a
 * first pass validates, counts and digests every record, the returned bundle
 * streams a second. Same memory and clock: same bytes.
 *
 * @example
 * declare const files: FilePort, records: ExchangeRecord[], out: NodeJS.WritableStream;
 * const r = await exportBundle({ files, records: memoryRecords(records) }, { agentId: 'kani', env: { now: () => '2026-02-20T02:00:00Z' } });
 * if (r.ok) for await (const chunk of r.value.chunks()) out.write(chunk);
 */
export async function exportBundle(memory: Memory, options: ExportOptions): Promise<Result<ExportedBundle>> {
  const hasher = options.env?.hasher ?? jsHasher;
  const max = options.maxProblems ?? 100;
  const problems: Problem[] = [];
  const counts = new Map<string, number>();
  const digest = new BundleDigest(hasher);
  try {
    const visit: Visit = (r, line) => {
      counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
      digest.addText(line);
    };
    for await (const _ of walk(memory, hasher, problems, max, true, visit));
  } catch (cause) {
    return fail([error('exchange.bad-source', `reading the memory failed: ${(cause as Error).message}`)]);
  }
  if (problems.length > 0) return fail(problems);
  const record_types = V2_RECORD_TYPES.filter((t) => counts.has(t));
  const record_counts: Record<string, number> = {};
  for (const t of record_types) record_counts[t] = counts.get(t)!;
  const now = (options.env?.now ?? (() => new Date()))();
  const partial = {
    superagents_export: '1' as const,
    schema_version: CURRENT_SCHEMA_VERSION as 2,
    exported_at: typeof now === 'string' ? now : now.toISOString(),
    agent_id: options.agentId,
    record_types,
    record_counts,
  };
  const manifest: ExportManifestV2 = { ...partial, digest: digest.finish(partial) };
  const manifestProblems = checkSchema(ExportManifestV2, manifest);
  if (manifestProblems.length > 0) return fail(manifestProblems.map((p) => ({ ...p, message: `manifest: ${p.message}` })));
  return ok(bundleOf(memory, hasher, manifest));
}

/** Exports a memory to one string (see {@link exportBundle}). */
export async function exportToString(memory: Memory, options: ExportOptions): Promise<Result<string>> {
  const r = await exportBundle(memory, options);
  if (!r.ok) return r;
  try {
    return ok(await r.value.text());
  } catch (cause) {
    return fail(cause instanceof MemkitError ? [...cause.problems] : [error('exchange.bad-source', `reading the memory failed: ${(cause as Error).message}`)]);
  }
}

function bundleOf(memory: Memory, hasher: Hasher, manifest: ExportManifestV2): ExportedBundle {
  const manifestLine = canonicalize(manifest) + '\n';
  async function* chunks(): AsyncGenerator<string> {
    const problems: Problem[] = [];
    const counts = new Map<string, number>();
    let buf = manifestLine;
    const visit: Visit = (r, line) => {
      counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
      buf += line + '\n';
    };
    // Validated in the count pass; a record changed since then breaks the digest, so import refuses the bundle.
    for await (const _ of walk(memory, hasher, problems, 1, false, visit)) {
      if (buf.length >= 65536) {
        yield buf;
        buf = '';
      }
    }
    if (buf !== '') yield buf;
    const same = problems.length === 0 && counts.size === manifest.record_types.length && manifest.record_types.every((t) => counts.get(t as string) === manifest.record_counts[t as string]);
    if (!same) throw new MemkitError([error('exchange.source-changed', 'the memory changed between the export passes; the bundle just written will not verify')]);
  }
  return {
    manifest,
    chunks,
    async text() {
      let text = '';
      for await (const c of chunks()) text += c;
      return text;
    },
    stream() {
      const enc = new TextEncoder();
      const it = chunks()[Symbol.asyncIterator]();
      return new ReadableStream<Uint8Array>({
        // A rejected pull errors the stream with its reason.
        async pull(controller) {
          const { done, value } = await it.next();
          if (done) controller.close();
          else controller.enqueue(enc.encode(value));
        },
      });
    },
  };
}
