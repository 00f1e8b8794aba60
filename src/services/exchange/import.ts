import { type Hasher, jsHasher } from '../../kernel/canonical/index.js';
import { type Problem, type Result, error, fail, hasErrors, ok, warning } from '../../kernel/problems/index.js';
import { ExportManifest } from '../../schema/export-v1.js';
import { BundleDigest } from './digest.js';
import { fileBytes } from './file-records.js';
import { CURRENT_SCHEMA_VERSION, MANIFEST_SCHEMAS, RECORD_SCHEMAS, checkRecord, checkSchema } from '../../formats/export-bundle/records.js';
import { type RawLine, forEachLine, readLineJson } from './lines.js';
import { type AnyRecord, type RecordMigration, applySteps, migrationPath } from './migrations/index.js';
import { type ConflictPolicy, type Resolution, resolveConflict } from './conflicts.js';
import { type Memory, isFileRecordStore, isThenable } from './record-store.js';
import { type ExchangeRecord, sortKey } from './records.js';
import { type BundleInput, type BundleSource, type Spool, isReopenable, memorySpool, openSource, spoolInput } from './source.js';
import { type RecoveredStaging, type Staging, recoverStaging, startStaging } from './staging.js';
import { LineBlocks } from './verified-blocks.js';
import { sameBytes } from '../../kernel/canonical/bytes.js';
import { findSecrets, secretMessage } from '../../kernel/secrets/index.js';
import { isObject } from '../../kernel/object.js';

/** Which pass a progress report is about: verification reads everything first, then apply writes. */
export type ImportPhase = 'verify' | 'apply';

/** Options for {@link importBundle}. */
export interface ImportOptions {
  /** What to do with records that already exist differently (default `fail`). */
  policy?: ConflictPolicy;
  /** Called after each record line with records and bytes done so far in the current pass. */
  onProgress?: (recordsDone: number, bytesDone: number, phase: ImportPhase) => void;
  /** Injected capabilities. */
  env?: { hasher?: Hasher };
  /** Where a one-shot stream is spooled so it can be read twice (default: memory). */
  spool?: Spool;
  /** Longest line accepted, in bytes (default 256 MiB). */
  maxLineBytes?: number;
  /** Stop after this many error problems (default 100). */
  maxProblems?: number;
  /** Name of the bundle, set as `file` on problems. */
  file?: string;
  /**
   * Secret detection over every record (a File record's content decoded): each finding is `secret.detected`
   * and nothing is imported. `allow`: fingerprints that may be imported; `false`: no detection. Default: on.
   */
  secrets?: { allow?: readonly string[] } | false;
}

/** What an import did. */
export interface ImportSummary {
  /** The schema version of the bundle as read. */
  schemaVersion: number;
  /** The manifest as read (before migration). */
  manifest: Record<string, unknown>;
  /** Records per type in the bundle. */
  counts: Record<string, number>;
  /** Record lines read and bytes of the bundle. */
  records: number;
  bytes: number;
  /** Records written, already identical in the target, or kept local (skip / newer local). */
  written: number;
  unchanged: number;
  kept: number;
}

/** What a failed import had written anyway: files a roll-back could not restore, and records already put into an external record store. */
export interface PartialWrite {
  /** Paths a failed commit could not put back as they were (their previous bytes stay in `backups`). */
  files: string[];
  /** Where the previous bytes of `files` were kept, when any. */
  backups?: string;
  /** Records put into the target's record store before the import stopped. */
  records: number;
}

/** The result of {@link importBundle}: on failure, `partial` says what was written anyway (absent: nothing). */
export type ImportResult = Result<ImportSummary> & { partial?: PartialWrite };

const RECOVERED: Record<RecoveredStaging['action'], string> = {
  'rolled-back': 'its partial commit was rolled back',
  completed: 'it had completed; its leftovers were removed',
  discarded: 'it had written nothing; its staged files were removed',
};

interface Header {
  version: number;
  steps: RecordMigration[];
  manifest: Record<string, unknown>;
  declared: Set<string>;
  counts?: Record<string, number>;
  digest?: string;
}

/** A line read as JSON, or the problems that refuse it (placed at the line by the caller). */
type ParsedLine = { value: unknown } | { problems: Problem[] };

const badLine = (message: string): ParsedLine => ({ problems: [error('exchange.bad-line', message)] });

/**
 * Reads one line with memkit's JSON reader ({@link readLineJson}), so the record imported is the
 * only value the line's bytes (which the digest covers) can mean: a repeated name, a lone
 * surrogate or a forbidden key, which `JSON.parse` would resolve silently, fails the line with
 * the reader's `json.*` code and pointer; bytes that are not UTF-8 or not JSON are `exchange.bad-line`.
 */
function parseLine(line: RawLine): ParsedLine {
  if (line.tooLong) return badLine('line is longer than the limit');
  if (line.bytes.length === 0) return badLine('blank line');
  const r = readLineJson(line.bytes);
  return r.ok ? { value: r.value } : { problems: r.problems.map(lineProblem) };
}

/** The import's problem for a reader's: `json.*` as it is; bytes that are not UTF-8 or not JSON (`input.*`) are `exchange.bad-line`. */
function lineProblem(p: Problem): Problem {
  if (p.code === 'input.invalid-utf8') return error('exchange.bad-line', 'line is not valid UTF-8');
  if (p.code.startsWith('input.')) return { ...p, code: 'exchange.bad-line', message: `line is not JSON: ${p.message}` };
  return p;
}

/** A problem of JSON that `JSON.parse` accepts but two readers could see differently (a repeated name, a lone surrogate, a forbidden key). */
const isAmbiguity = (p: Problem): boolean => p.code.startsWith('json.');

/** True for a parsed line that is an export manifest: an object naming `superagents_export`. */
const isManifest = (v: unknown): boolean => isObject(v) && v.superagents_export !== undefined;

function readHeader(value: Record<string, unknown>, at: { file?: string; line: number }): Result<Header> {
  const generic = checkSchema(ExportManifest, value);
  const version = value.schema_version;
  if (typeof version === 'number' && Number.isInteger(version) && version > CURRENT_SCHEMA_VERSION)
    return fail([
      error('exchange.bundle-too-new', `the bundle has schema version ${version}; this runtime reads up to ${CURRENT_SCHEMA_VERSION}. Upgrade memkit`, { ...at, pointer: '/schema_version' }),
    ]);
  if (generic.length > 0) return fail([error('exchange.bad-manifest', 'the manifest is not valid', at), ...generic.map((p) => ({ ...p, ...at }))]);
  const v = version as number;
  const path = migrationPath(v);
  if (!path.ok) return fail(path.problems.map((p) => ({ ...p, ...at })));
  const schema = MANIFEST_SCHEMAS[v] ?? ExportManifest;
  const specific = checkSchema(schema, value);
  if (specific.length > 0) return fail([error('exchange.bad-manifest', `the manifest is not valid for schema version ${v}`, at), ...specific.map((p) => ({ ...p, ...at }))]);
  const declared = new Set(value.record_types as string[]);
  const problems: Problem[] = [];
  for (const t of declared)
    if (!Object.hasOwn(RECORD_SCHEMAS[v] ?? {}, t))
      problems.push(error('exchange.unknown-record-type', `the manifest declares record type "${t}", which schema v${v} does not define`, { ...at, pointer: '/record_types' }));
  const counts = value.record_counts as Record<string, number> | undefined;
  if (counts !== undefined)
    for (const t of Object.keys(counts))
      if (!declared.has(t)) problems.push(error('exchange.bad-manifest', `record_counts names "${t}", which record_types does not list`, { ...at, pointer: `/record_counts/${t}` }));
  if (problems.length > 0) return fail(problems);
  return ok({ version: v, steps: path.value, manifest: value, declared, counts, digest: value.digest as string | undefined });
}

/**
 * Imports a bundle into a memory (files and/or a record store), migrating
 * older schema versions. A first pass verifies everything (manifest, lines,
 * records, conflicts, counts, digest) and writes nothing; a second pass
 * writes only lines that hash as verified, staging files and moving them into
 * place together (see `staging.ts`). A failed write leaves nothing unless
 * the result's `partial` names it. Memory stays flat in the record count; a
 * one-shot stream is spooled first (`options.spool`).
 *
 * @example
 * declare const text: string; // a bundle
 * const r = await importBundle(text, { files: memoryFiles(), records: memoryRecords() });
 * if (!r.ok) console.error(r.problems);
 */
export async function importBundle(input: BundleInput, target: Memory, options: ImportOptions = {}): Promise<ImportResult> {
  return run(input, target, options, false);
}

/**
 * Verifies a bundle without importing it: the verify pass of
 * {@link importBundle} (manifest, every line and record, migrations, counts,
 * digest) with no target. For `memkit check` and `memkit verify`.
 *
 * @example
 * declare const text: string; // a bundle
 * const r = await verifyBundle(text, { file: 'memory.ndjson' });
 * r.ok // false with exchange.digest-mismatch when a line was edited
 */
export async function verifyBundle(input: BundleInput, options: Omit<ImportOptions, 'policy'> = {}): Promise<Result<ImportSummary>> {
  return run(input, {}, options, true);
}

async function run(input: BundleInput, target: Memory, options: ImportOptions, verifyOnly: boolean): Promise<ImportResult> {
  let source: BundleSource;
  let spool: Spool | undefined;
  if (isReopenable(input)) source = input;
  else {
    spool = options.spool ?? memorySpool();
    try {
      source = await spoolInput(input, spool);
    } catch (cause) {
      return fail([error('exchange.bad-source', `reading the bundle failed: ${(cause as Error).message}`)]);
    }
  }
  try {
    return await importFrom(source, target, options, verifyOnly);
  } catch (cause) {
    return fail([error('exchange.bad-source', `import failed: ${(cause as Error).message}`)]);
  } finally {
    if (spool !== undefined && options.spool === undefined) await spool.dispose?.();
  }
}

async function importFrom(source: BundleSource, target: Memory, options: ImportOptions, verifyOnly: boolean): Promise<ImportResult> {
  const hasher = options.env?.hasher ?? jsHasher;
  const policy = options.policy ?? 'fail';
  const maxLine = options.maxLineBytes ?? 256 * 1024 * 1024;
  const maxProblems = options.maxProblems ?? 100;
  const file = options.file;
  const where = (line: number, pointer?: string) => ({ ...(file === undefined ? {} : { file }), line, ...(pointer === undefined ? {} : { pointer }) });
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  const add = (p: Problem) => (p.severity === 'error' ? errors : warnings).push(p);
  const failed = (partial?: PartialWrite): ImportResult => (partial === undefined ? fail([...errors, ...warnings]) : { ...fail([...errors, ...warnings]), partial });
  const progress = options.onProgress;
  // A bundle's own check (`memkit check`, `verify`) reads its text for secrets already; an import looks inside each record.
  const secrets = verifyOnly || options.secrets === false ? undefined : { hasher, ...(options.secrets?.allow === undefined ? {} : { allow: options.secrets.allow }) };
  const lossy = new TextDecoder('utf-8');

  // An import killed part-way left a staging directory: finish or undo it before reading the target.
  if (!verifyOnly && target.files !== undefined) {
    for (const r of await recoverStaging(target.files)) {
      if (r.unrestored.length > 0) {
        add(error('exchange.write-failed', `an interrupted import (${r.dir}) could not be rolled back for ${r.unrestored.join(', ')}; their previous bytes are in ${r.dir}/old/`));
        return { ...fail(errors), partial: { files: r.unrestored, backups: `${r.dir}/old`, records: 0 } };
      }
      add(warning('exchange.recovered-import', `an interrupted import was found (${r.dir}): ${RECOVERED[r.action]}`));
    }
  }

  // ---- pass 1: verify everything, write nothing ----
  let header: Header | undefined;
  // Hashes of the lines read, in blocks, so the apply pass uses only lines identical to the verified ones.
  const verifiedBlocks = new LineBlocks(hasher);
  const blockHashes: Uint8Array[] = [];
  // One warning per dropped v1 field name and type (the first line it was seen on), not one per record.
  const dropped = new Map<string, { problem: Problem; count: number }>();
  let missingManifest = false;
  const digest = new BundleDigest(hasher);
  const counts = new Map<string, number>();
  let prevKey: string | undefined;
  const seen = new Set<string>();
  let records = 0;
  let noTarget = false;

  const resolved = (r: Resolution, raw: RawLine): boolean => {
    if (r.problem !== undefined) add({ ...r.problem, ...where(raw.number) });
    progress?.(records, raw.end, 'verify');
    return errors.length < maxProblems;
  };
  /** Reports problems (placed at line `at`, when given); true while under the problem limit. */
  const report = (problems: Problem[], at?: number): boolean => {
    for (const p of problems) add(at === undefined ? p : { ...p, ...where(at, p.pointer) });
    return errors.length < maxProblems;
  };
  // Returns a promise only when the target answers asynchronously (no microtask per line otherwise).
  const check = (raw: RawLine): boolean | Promise<boolean> => {
    if (!verifyOnly) for (const hash of verifiedBlocks.add(raw.bytes).done) blockHashes.push(hash);
    if (raw.number === 1) {
      const parsed = parseLine(raw);
      // A first line the reader refuses as ambiguous JSON cannot be trusted as a manifest or as a record.
      if ('problems' in parsed && parsed.problems.some(isAmbiguity)) {
        report(parsed.problems, 1);
        return false;
      }
      if (!('value' in parsed) || !isManifest(parsed.value)) {
        missingManifest = true;
        return true; // keep scanning: a manifest on a later line is reported precisely
      }
      const h = readHeader(parsed.value as Record<string, unknown>, where(1));
      if (!h.ok) {
        h.problems.forEach(add);
        return false;
      }
      header = h.value;
      // The digest covers every line (truncation included); record_counts alone catch truncation, not edits.
      if (header.digest === undefined) {
        const missing = header.counts === undefined ? 'no record_counts and no digest; truncation and edits' : 'record_counts but no digest; edits that keep the counts';
        add(warning('exchange.unverified-bundle', `this v${header.version} bundle has ${missing} cannot be detected`, where(1)));
      }
      return true;
    }
    if (missingManifest) {
      const parsed = parseLine(raw);
      if ('value' in parsed && isManifest(parsed.value)) {
        add(error('exchange.manifest-not-first', `the manifest is on line ${raw.number}; it must be the first line`, where(raw.number)));
        return false;
      }
      return true;
    }
    const h = header!;
    if (!raw.tooLong && raw.bytes.length > 0) digest.addBytes(raw.bytes);
    records++;
    const at = raw.number;
    const parsed = parseLine(raw);
    if ('problems' in parsed) return report(parsed.problems, at);
    const value = parsed.value;
    if (!isObject(value) || typeof value.type !== 'string') {
      if (isManifest(value)) return report([error('exchange.manifest-not-first', `a second manifest is on line ${at}`, where(at))]);
      return report([error('exchange.bad-record', 'a record must be a JSON object with a string "type"', where(at))]);
    }
    const type = value.type;
    const schemaProblems = checkRecord(h.version, value as AnyRecord);
    if (schemaProblems === undefined) return report([error('exchange.unknown-record-type', `schema v${h.version} has no record type "${type}"`, where(at, '/type'))]);
    if (!h.declared.has(type)) add(error('exchange.undeclared-record-type', `record type "${type}" is not in the manifest's record_types`, where(at, '/type')));
    counts.set(type, (counts.get(type) ?? 0) + 1);
    if (schemaProblems.length > 0) return report(schemaProblems, at);
    const m = applySteps(value as AnyRecord, h.steps);
    if (!m.ok) return report(m.problems, at);
    for (const p of m.problems ?? []) {
      const k = `${type}\u0000${p.code}\u0000${p.pointer ?? ''}`;
      const seenBefore = dropped.get(k);
      if (seenBefore !== undefined) seenBefore.count++;
      else {
        const problem = { ...p, ...where(at, p.pointer) };
        dropped.set(k, { problem, count: 1 });
        add(problem);
      }
    }
    const record = m.value as unknown as ExchangeRecord;
    const key = sortKey(record);
    if (h.version >= 2) {
      if (prevKey === key) add(error('exchange.duplicate-record', `${type} record on line ${at} is a duplicate of the record before it`, where(at)));
      else if (prevKey !== undefined && !(prevKey < key)) add(error('exchange.unsorted-records', `${type} record on line ${at} is not after the record before it`, where(at)));
      prevKey = key;
    } else {
      if (seen.has(key)) add(error('exchange.duplicate-record', `${type} record on line ${at} repeats an earlier key`, where(at)));
      seen.add(key);
    }
    let content: Uint8Array | undefined;
    if (record.type === 'File') {
      const bytes = fileBytes(record, hasher);
      if (!bytes.ok) for (const p of bytes.problems) add({ ...p, ...where(at, p.pointer) });
      else content = bytes.value;
    }
    if (secrets !== undefined) {
      const text = content !== undefined ? lossy.decode(content) : lossy.decode(raw.bytes);
      const inFile = record.type === 'File' ? `File ${(record as { path: string }).path}: ` : '';
      for (const f of findSecrets(text, secrets)) add(error('secret.detected', inFile + secretMessage(f), where(at, record.type === 'File' ? '/content' : undefined)));
    }
    if (!verifyOnly && (record.type === 'File' ? target.files : target.records) === undefined) {
      if (!noTarget) add(error('exchange.no-target', `the bundle holds ${record.type} records but the import target has no ${record.type === 'File' ? 'file port' : 'record store'}`, where(at)));
      noTarget = true;
    } else if (!verifyOnly) {
      const r = resolveConflict(record, target, policy, hasher);
      return isThenable(r) ? r.then((x) => resolved(x, raw)) : resolved(r, raw);
    }
    progress?.(records, raw.end, 'verify');
    return errors.length < maxProblems;
  };

  const bytes = await forEachLine(openSource(source), check, maxLine);
  const lastBlock = verifiedBlocks.finish();
  if (lastBlock !== undefined) blockHashes.push(lastBlock);
  if (header === undefined && errors.length === 0) add(error('exchange.missing-manifest', bytes === 0 ? 'the bundle is empty' : 'the first line is not an export manifest', where(1)));
  if (header !== undefined && errors.length < maxProblems) {
    if (header.counts !== undefined)
      for (const t of header.declared) {
        const expected = header.counts[t];
        const actual = counts.get(t) ?? 0;
        if (expected !== undefined && expected !== actual)
          add(error('exchange.count-mismatch', `the manifest says ${expected} ${t} records; the bundle has ${actual}`, where(1, `/record_counts/${t}`)));
        if (expected === undefined) add(error('exchange.bad-manifest', `record_counts lacks "${t}"`, where(1, '/record_counts')));
      }
    if (header.digest !== undefined && digest.finish(header.manifest) !== header.digest)
      add(error('exchange.digest-mismatch', 'the records do not match the manifest digest: lines were edited, inserted, removed, reordered or truncated', where(1, '/digest')));
  }
  for (const { problem, count } of dropped.values()) if (count > 1) problem.message += ` (first on this line; ${count} records in all)`;
  if (errors.length >= maxProblems) warnings.push(warning('exchange.too-many-problems', `stopped after ${maxProblems} problems`));
  if (hasErrors(errors)) return failed();
  const h = header!;
  if (verifyOnly) return ok(summary(h, counts, records, bytes, 0, 0, 0), warnings);

  // ---- pass 2: apply ----
  // Files are staged and committed together at the end; records are put as they come. A block's writes wait
  // until it hashes as in the verify pass, so a bundle changed between the passes writes nothing unverified.
  let done = 0;
  let written = 0;
  let unchanged = 0;
  let kept = 0;
  let recordsPut = 0;
  let staging: Staging | undefined;
  let lines = 0;
  const blocks = new LineBlocks(hasher);
  let checkedBlocks = 0;
  // Writes waiting for their block to verify, in line order; `head` is the next to run.
  const queue: { block: number; run: () => boolean | Promise<boolean> }[] = [];
  let head = 0;
  const changed = (n: number, why: string) => {
    add(error('exchange.source-changed', `${why}; the bundle changed after verification (noticed at line ${n})`, where(n)));
    return false;
  };
  const verifiedUpTo = (hashes: readonly Uint8Array[], n: number): boolean => {
    for (const hash of hashes) {
      if (!sameBytes(blockHashes[checkedBlocks], hash)) return changed(n, checkedBlocks >= blockHashes.length ? 'lines were added' : 'lines differ from the verified ones');
      checkedBlocks++;
    }
    return true;
  };
  // Runs the queued writes of verified blocks; a promise only when a write is asynchronous.
  const drain = (): boolean | Promise<boolean> => {
    while (head < queue.length && queue[head]!.block < checkedBlocks) {
      const r = queue[head++]!.run();
      if (isThenable(r)) return r.then((ok) => (ok ? drain() : false));
      if (!r) return false;
    }
    // Drop what ran: the queue holds at most about one block of lines.
    if (head === queue.length || head >= 256) {
      queue.splice(0, head);
      head = 0;
    }
    return true;
  };
  const applied = (record: ExchangeRecord, r: Resolution, number: number, end: number): boolean | Promise<boolean> => {
    let pending: void | Promise<void> = undefined;
    if (r.action === 'unchanged') unchanged++;
    else if (r.action === 'keep') {
      if (r.problem?.severity === 'error') {
        add(error('exchange.target-changed', `${r.problem.message}; the target changed after verification`, where(number)));
        return false;
      }
      kept++;
    } else {
      if (record.type === 'File') {
        const b = fileBytes(record, hasher);
        if (!b.ok) return changed(number, 'a file no longer matches its sha256');
        const path = record.path;
        pending = (async () => {
          staging ??= await startStaging(target.files!);
          await staging.stage(path, b.value);
        })();
      } else {
        const put = target.records!.put(record);
        pending = isThenable(put) ? put.then(() => void recordsPut++) : void recordsPut++;
      }
      written++;
    }
    done++;
    if (isThenable(pending))
      return pending.then(() => {
        progress?.(done, end, 'apply');
        return true;
      });
    progress?.(done, end, 'apply');
    return true;
  };
  const apply = (raw: RawLine): boolean | Promise<boolean> => {
    lines = raw.number;
    const placed = blocks.add(raw.bytes);
    if (raw.number > 1) {
      // Parsed now (the bytes are only valid during this call), written once its block verified.
      const parsed = parseLine(raw);
      const number = raw.number;
      const end = raw.end;
      queue.push({
        block: placed.block,
        run: () => {
          if ('problems' in parsed || !isObject(parsed.value)) return changed(number, 'a line does not parse');
          const m = applySteps(parsed.value as AnyRecord, h.steps);
          if (!m.ok) return changed(number, 'a line does not migrate');
          const record = m.value as unknown as ExchangeRecord;
          const r = resolveConflict(record, target, policy, hasher);
          return isThenable(r) ? r.then((x) => applied(record, x, number, end)) : applied(record, r, number, end);
        },
      });
    }
    if (!verifiedUpTo(placed.done, raw.number)) return false;
    return drain();
  };
  const recordsNote = () => (recordsPut > 0 ? `; ${recordsPut} records had been put into the record store` : '');
  const stopped = async (cause?: unknown): Promise<ImportResult> => {
    if (cause !== undefined) {
      const staged = staging === undefined ? 'no file had been staged' : 'the staged files were discarded';
      add(error('exchange.write-failed', `writing the import failed (${(cause as Error)?.message ?? String(cause)}); ${staged}, no file was written${recordsNote()}`));
    }
    await staging?.discard();
    return failed(recordsPut > 0 ? { files: [], records: recordsPut } : undefined);
  };
  try {
    await forEachLine(openSource(source), apply, maxLine);
    if (!hasErrors(errors)) {
      const last = blocks.finish();
      if (verifiedUpTo(last === undefined ? [] : [last], lines) && checkedBlocks < blockHashes.length) changed(lines, 'lines were removed');
      if (!hasErrors(errors)) await drain();
    }
    if (hasErrors(errors)) return await stopped();
    const recordsFile = isFileRecordStore(target.records) && target.files !== undefined ? await target.records.pendingFile() : undefined;
    if (recordsFile !== undefined) {
      staging ??= await startStaging(target.files!);
      await staging.stage(recordsFile.path, recordsFile.bytes);
    }
    await staging?.settle();
  } catch (cause) {
    return await stopped(cause);
  }
  if (staging !== undefined) {
    const outcome = await staging.commit();
    if (outcome.cause !== undefined) {
      const restored = outcome.unrestored.length === 0;
      const state = restored
        ? 'every file was put back as it was, no file was written'
        : `these could not be put back: ${outcome.unrestored.join(', ')} (their previous bytes are in ${staging.dir}/old/)`;
      add(error('exchange.write-failed', `moving the staged files into place failed (${(outcome.cause as Error)?.message ?? String(outcome.cause)}); ${state}${recordsNote()}`));
      if (restored && recordsPut === 0) return failed();
      return failed({ files: outcome.unrestored, records: recordsPut, ...(restored ? {} : { backups: `${staging.dir}/old` }) });
    }
  }
  return ok(summary(h, counts, records, bytes, written, unchanged, kept), warnings);
}

function summary(h: Header, counts: Map<string, number>, records: number, bytes: number, written: number, unchanged: number, kept: number): ImportSummary {
  const sorted = Object.fromEntries([...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
  return { schemaVersion: h.version, manifest: h.manifest, counts: sorted, records, bytes, written, unchanged, kept };
}
