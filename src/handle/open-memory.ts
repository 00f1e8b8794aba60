import { type DirectoryReport, checkDirectory } from '../engine/index.js';
import { RULES } from '../engine/rules.js';
import { MEMORY_BANK_DIR, activeContext, artifactsManifest, decisionLog, dirOf, fileNameOf, formatById, progress, workflowState } from '../formats/index.js';
import { parseLedgerText } from '../formats/memory-bank/ledger-text.js';
import { type Checkpoint, MerkleTree } from '../kernel/canonical/merkle.js';
import { toHex } from '../kernel/canonical/index.js';
import { MemkitError, type Result, error, fail, hasErrors, ok } from '../kernel/problems/index.js';
import type { MemoryKind } from '../schema/thunderus.js';
import type { TaskIndex } from '../schema/wbs.js';
import { type ConflictPolicy, type DrillReport, type ImportSummary, directoryMemory, drill, exportToString, importBundle } from '../services/exchange/index.js';
import { type LedgerFormatId, entryLeaf, isLedgerFormat } from '../services/ledger/index.js';
import { type FilePort, type SearchHit, listMemoryDocs } from '../services/store/index.js';
import { type AppliedPlan, type LoadedWbs, type ReadyOptions, type ReadyWork, applyPlan, readyTasks, repairPlan } from '../services/wbs/index.js';
import { parseFrontmatter } from '../syntax/index.js';
import { type CompactInput, type Compaction, compact } from './compact.js';
import { type RedactInput, type Redaction, redactEntry } from './redact.js';
import { MemoryContext, type MemoryOptions, decodeUtf8, problemsOf } from './context.js';
import { type SessionChange, session } from './session.js';
import { type ProgressInput, type WrittenProgress, setProgress } from './progress.js';
import { type ArtifactInput, type WrittenArtifact, addArtifact } from './artifact.js';
import { type LedgerReport, ledgerText, loadTaskIndex, verifyLedger } from './read.js';
import {
  type AppendedEntry,
  type TaskInput,
  type ThreadInput,
  type WriteDocInput,
  type WrittenDoc,
  type WrittenTask,
  type WrittenThread,
  appendToLedger,
  applyThread,
  setTask,
  writeDoc,
} from './write.js';

/** A memory doc as {@link MemoryHandle.readDoc} gives it: where it is, its frontmatter, its Markdown body and the whole text. */
export interface MemoryDocView {
  path: string;
  frontmatter: Record<string, unknown>;
  body: string;
  text: string;
}

/** A ledger entry proven to be in the ledger: the checkpoint it is proven against, the entry's leaf hash and the RFC 9162 inclusion proof (hex). */
export interface InclusionProofOf {
  checkpoint: Checkpoint;
  index: number;
  leaf: string;
  proof: string[];
}

/** A ledger named by its format (the directory's one file of it, or `memory-bank/<file>` when there is none yet) or by its path. */
export type LedgerRef = LedgerFormatId | (string & {});

/** The operations on a memory directory, each resolving to a {@link Result}: never a throw, never a raw `ENOENT`. */
export interface MemoryOperations {
  /** `memkit check` over the directory: ok when it found no error (the warnings ride along as `problems`). */
  check(): Promise<Result<DirectoryReport>>;
  /** Paths of the memory docs (`.thunderus/memory/**\/*.md`), sorted. */
  listDocs(): Promise<Result<string[]>>;
  /** A memory doc by id (as the search index knows it) or by path. */
  readDoc(ref: { id: string } | { path: string }): Promise<Result<MemoryDocView>>;
  /** Creates a memory doc, or updates the fields given of the doc with that id (the rest of its frontmatter kept byte for byte), checked before it is written; the manifest follows. */
  writeDoc(input: WriteDocInput): Promise<Result<WrittenDoc>>;
  /** Full-text search of the memory docs (BM25, best first); the index is brought up to date first. */
  search(query: string, options?: { limit?: number; kind?: MemoryKind }): Promise<Result<SearchHit[]>>;
  /** Appends one entry to a JSON Lines ledger: id, timestamp and `predecessor_hash` filled in, the writer policy applied (to `as`, the agent writing, when given), the result checked; a ledger not there yet is created. */
  append(ledger: LedgerRef, entry: Record<string, unknown>, options?: { as?: string }): Promise<Result<AppendedEntry>>;
  /** The entries of a ledger, oldest first, each with its line. */
  entries(ledger: LedgerRef): Promise<Result<{ line: number; value: unknown }[]>>;
  /** Verifies a ledger as `memkit verify` does (chain, head, checkpoint, payload hashes); ok when no error was found. */
  verify(ledger: LedgerRef): Promise<Result<LedgerReport>>;
  /** The checkpoint (`{ size, root }`) of a ledger that verifies. */
  checkpoint(ledger: LedgerRef): Promise<Result<Checkpoint>>;
  /** An inclusion proof of entry `index` (0-based) against the ledger's checkpoint. */
  prove(ledger: LedgerRef, index: number): Promise<Result<InclusionProofOf>>;
  /** The seed's compaction: the active-context entries no compaction covers yet, as one decision entry that records them by hash (see `check`'s `ledger.compaction-mismatch`). */
  compact(input?: CompactInput): Promise<Result<Compaction>>;
  /** Starts a session (a fresh `workflow-state.json`: new session id, first phase) or ends one (the compaction, then the state reset to idle). */
  session(action: 'start' | 'end', input?: CompactInput): Promise<Result<SessionChange>>;
  /**
   * Sets the status of one row of the progress table (`progress.md`, the row named by its `task_id`) and its
   * `updated_at`, every other byte kept; the writer policy applies to `as`, and a move to `DONE` needs `as` to be
   * one of the file's approvers (`milestone_done_approvers`: CIReviewer, ReaperOAK).
   */
  setProgress(input: ProgressInput): Promise<Result<WrittenProgress>>;
  /**
   * Adds the file at `input.path` (relative to the directory) to `artifacts-manifest.json`, or updates its entry:
   * its `sha256` from the file's bytes, `created_by` (`as`, default ReaperOAK, the manifest's writer), `phase`
   * (default the workflow state's current phase) and `created_at`. A manifest not there yet is created for the
   * workflow state's session (or `input.session`).
   */
  addArtifact(input: ArtifactInput): Promise<Result<WrittenArtifact>>;
  /** The WBS memory: its task index (valid against its schema) and task entity files. */
  tasks(): Promise<Result<LoadedWbs & { index: TaskIndex }>>;
  /** WBS tasks ready to start, and what blocks the others. */
  readyTasks(options?: ReadyOptions): Promise<Result<ReadyWork>>;
  /** Sets a leaf task's status, title or dependencies, or adds a task; parents roll up, and the index and entity files are written together. */
  setTask(input: TaskInput): Promise<Result<WrittenTask>>;
  /** Repairs what is derivable in the WBS memory (index entries, roll-ups, progress, children) all or nothing. */
  repairTasks(): Promise<Result<AppliedPlan>>;
  /** Applies one thread-store operation under the store's transition rules. */
  thread(input: ThreadInput): Promise<Result<WrittenThread>>;
  /** The directory as a self-verifying NDJSON export bundle. */
  export(options?: { agentId?: string }): Promise<Result<string>>;
  /** Imports a bundle into the directory, all files or none (`policy` for files that differ: default `fail`). */
  import(bundle: string | Uint8Array, options?: { policy?: ConflictPolicy }): Promise<Result<ImportSummary>>;
  /** The recovery drill: export, import into a fresh memory, compare every record. */
  drill(): Promise<Result<DrillReport>>;
  /** Redacts the entry on `input.line` of a JSON Lines ledger: a tombstone keeps its hashes (chain, checkpoints and proofs still verify) and a redaction record is appended; git history keeps the old bytes. */
  redact(ledger: LedgerRef, input: RedactInput): Promise<Result<Redaction>>;
}

type Value<R> = R extends Promise<Result<infer T>> ? T : never;

/** Each operation of {@link MemoryOperations} as `<name>OrThrow`: the value itself, or a thrown `MemkitError` with the problems. */
export type MemoryOperationsOrThrow = {
  [K in keyof MemoryOperations as `${K}OrThrow`]: (...args: Parameters<MemoryOperations[K]>) => Promise<Value<ReturnType<MemoryOperations[K]>>>;
};

/** A handle on one memory directory: every ordinary job as a method ({@link MemoryOperations}), each also as `*OrThrow`. */
export interface MemoryHandle extends MemoryOperations, MemoryOperationsOrThrow {
  /** The directory's file port. */
  readonly files: FilePort;
}

/** The path of `format`'s file in the memory bank at `bank` (a folder, or '' for the root). */
const bankFile = (bank: string, format: { readonly id: string; readonly names?: readonly string[] }): string => `${bank === '' ? '' : `${bank}/`}${fileNameOf(format)}`;

/**
 * Opens a memory directory given as a {@link FilePort} (or options with one):
 * memory docs, the Memory Bank ledgers, WBS tasks, thread stores, export and
 * import, and `check`, through one handle. Every write is computed in
 * memory, checked by the directory checker on the result, and applied
 * atomically, or refused with the problems and no byte changed. In Node,
 * `memkit/node`'s `openMemory(dir)` passes a directory's port, lock files and
 * native hashing.
 *
 * @example
 * ```ts
 * import { memoryFiles, openMemory } from 'memkit';
 *
 * const memory = openMemory(memoryFiles());
 * await memory.appendOrThrow('decision-log', { proposer_agent: 'ReaperOAK', rationale: 'adopt memkit', diff_hash: '0'.repeat(64), tests_passed: true });
 * const report = await memory.verifyOrThrow('decision-log');
 * console.log(report.entries, report.checkpoint.root);
 * ```
 */
export function openMemory(options: MemoryOptions | FilePort): MemoryHandle {
  const opened: MemoryOptions = 'files' in options && typeof (options as MemoryOptions).files === 'object' ? (options as MemoryOptions) : { files: options as FilePort };
  const ctx = new MemoryContext(opened);
  let discovered: Promise<Result<void>> | undefined;
  // The directory's formats, found once (a write records the format of what it wrote).
  const discover = (): Promise<Result<void>> =>
    (discovered ??= ctx.discover().then(
      () => ok(undefined),
      (cause: unknown) => {
        discovered = undefined;
        return fail(problemsOf(cause));
      },
    ));
  const ledgerPath = async (ledger: LedgerRef): Promise<Result<{ path: string; format?: LedgerFormatId }>> => {
    if (!isLedgerFormat(ledger)) return ok({ path: ledger });
    const found = await discover();
    if (!found.ok) return found;
    const paths = ctx.pathsOf(ledger);
    if (paths.length > 1) return fail([error('memory.invalid-request', `there are ${paths.length} ${ledger} ledgers (${paths.join(', ')}); name one by its path`, { pointer: '/ledger' })]);
    return ok({ path: paths[0] ?? `${MEMORY_BANK_DIR}/${fileNameOf(formatById(ledger))}`, format: ledger });
  };
  const guarded =
    <A extends unknown[], T>(run: (...args: A) => Promise<Result<T>>) =>
    async (...args: A): Promise<Result<T>> => {
      try {
        return await run(...args);
      } catch (cause) {
        return fail(problemsOf(cause));
      }
    };

  const operations: MemoryOperations = {
    check: guarded(async () => {
      const report = await checkDirectory(ctx.source, { hasher: ctx.hasher, codes: RULES });
      ctx.formats = new Map(report.checked.map((c) => [c.file, c.format]));
      return report.ok ? ok(report, report.problems) : fail(report.problems);
    }),
    listDocs: guarded(async () => ok(await listMemoryDocs(ctx.files))),
    readDoc: guarded(async (ref) => {
      let path: string;
      if ('id' in ref) {
        await ctx.refresh();
        const doc = await ctx.store.getDoc(ref.id);
        if (doc === undefined) return fail([error('memory.not-found', `no memory doc has the id ${JSON.stringify(ref.id)}`, { pointer: '/id' })]);
        path = doc.path;
      } else path = ref.path;
      const bytes = await ctx.files.read(path);
      if (bytes === undefined) return fail([error('memory.not-found', `${JSON.stringify(path)} does not exist`, { file: path })]);
      const text = decodeUtf8(bytes, path);
      if (!text.ok) return text;
      const parsed = parseFrontmatter(text.value, { file: path });
      if (!parsed.ok) return parsed;
      return ok({ path, frontmatter: parsed.value.data as Record<string, unknown>, body: parsed.value.body, text: text.value });
    }),
    writeDoc: guarded(async (input) => {
      const found = await discover();
      return found.ok ? writeDoc(ctx, input) : found;
    }),
    search: guarded(async (query, options = {}) => {
      const warnings = await ctx.refresh();
      const found = await ctx.store.search(query, { limit: options.limit ?? 10, ...(options.kind === undefined ? {} : { kinds: [options.kind] }) });
      return found.ok ? ok(found.value, warnings) : found;
    }),
    append: guarded(async (ledger, entry, options = {}) => {
      const where = await ledgerPath(ledger);
      if (!where.ok) return where;
      return appendToLedger(ctx, { ledger: where.value.path, entry, ...options, ...(where.value.format === undefined ? {} : { format: where.value.format }) });
    }),
    entries: guarded(async (ledger) => {
      const where = await ledgerPath(ledger);
      if (!where.ok) return where;
      const text = await ledgerText(ctx, where.value.path, true);
      if (!text.ok) return text;
      return ok(parseLedgerText(text.value.text).entries.map((e) => ({ line: e.line, value: e.value })));
    }),
    verify: guarded(async (ledger) => {
      const where = await ledgerPath(ledger);
      if (!where.ok) return where;
      const report = await verifyLedger(ctx, where.value.path);
      if (!report.ok) return report;
      return hasErrors(report.value.problems) ? fail(report.value.problems) : ok(report.value, report.value.problems);
    }),
    checkpoint: guarded(async (ledger) => {
      const verified = await operations.verify(ledger);
      return verified.ok ? ok(verified.value.checkpoint, verified.problems) : verified;
    }),
    prove: guarded(async (ledger, index) => {
      const verified = await operations.verify(ledger);
      if (!verified.ok) return verified;
      const listed = await operations.entries(ledger);
      if (!listed.ok) return listed;
      const entries = listed.value;
      if (!Number.isInteger(index) || index < 0 || index >= entries.length)
        return fail([error('memory.not-found', `the ledger has ${entries.length} entries; there is no entry ${index}`, { pointer: '/index' })]);
      const tree = new MerkleTree(ctx.hasher);
      for (const e of entries) tree.appendLeafHash(entryLeaf(e.value, ctx.hasher));
      return ok({ checkpoint: verified.value.checkpoint, index, leaf: toHex(tree.leaf(index)), proof: tree.inclusionProof(index).map(toHex) });
    }),
    compact: guarded(async (input = {}) => {
      const active = await ledgerPath(activeContext.id);
      if (!active.ok) return active;
      const decisions = await ledgerPath(decisionLog.id);
      if (!decisions.ok) return decisions;
      return compact(ctx, { active: active.value.path, decisions: decisions.value.path }, input);
    }),
    session: guarded(async (action, input = {}) => {
      const found = await discover();
      if (!found.ok) return found;
      const decisions = await ledgerPath(decisionLog.id);
      if (!decisions.ok) return decisions;
      const states = ctx.pathsOf(workflowState.id);
      const actives = ctx.pathsOf(activeContext.id);
      const bank = dirOf(decisions.value.path);
      const workflow = states[0] ?? bankFile(bank, workflowState);
      return session(ctx, action, { state: workflow, active: actives[0], decisions: decisions.value.path }, input);
    }),
    setProgress: guarded(async (input) => {
      const found = await discover();
      if (!found.ok) return found;
      const tables = ctx.pathsOf(progress.id);
      if (tables.length > 1) return fail([error('memory.invalid-request', `there are ${tables.length} progress tables (${tables.join(', ')}); keep one`, { pointer: '/id' })]);
      // The bank's progress.md when the discovery found none (it skips a file another process was replacing).
      const decisions = await ledgerPath(decisionLog.id);
      if (!decisions.ok) return decisions;
      const bank = dirOf(decisions.value.path);
      return setProgress(ctx, tables[0] ?? bankFile(bank, progress), input);
    }),
    addArtifact: guarded(async (input) => {
      const found = await discover();
      if (!found.ok) return found;
      const manifests = ctx.pathsOf(artifactsManifest.id);
      if (manifests.length > 1) return fail([error('memory.invalid-request', `there are ${manifests.length} artifact manifests (${manifests.join(', ')}); keep one`, { pointer: '/path' })]);
      const decisions = await ledgerPath(decisionLog.id);
      if (!decisions.ok) return decisions;
      const bank = dirOf(decisions.value.path);
      const manifest = manifests[0] ?? bankFile(bank, artifactsManifest);
      return addArtifact(ctx, { manifest, state: ctx.pathsOf(workflowState.id)[0] ?? bankFile(bank, workflowState) }, input);
    }),
    tasks: guarded(async () => loadTaskIndex(ctx)),
    readyTasks: guarded(async (options) => {
      const loaded = await loadTaskIndex(ctx);
      return loaded.ok ? ok(readyTasks(loaded.value.index, options)) : loaded;
    }),
    setTask: guarded(async (input) => {
      const found = await discover();
      return found.ok ? setTask(ctx, input) : found;
    }),
    repairTasks: guarded(async () => {
      const loaded = await loadTaskIndex(ctx);
      if (!loaded.ok) return loaded;
      const plan = repairPlan(loaded.value.index, loaded.value.tasks, { hasher: ctx.hasher });
      return applyPlan(plan, ctx.files, { hasher: ctx.hasher });
    }),
    thread: guarded(async (input) => {
      const found = await discover();
      return found.ok ? applyThread(ctx, input) : found;
    }),
    export: guarded(async (options = {}) => exportToString(directoryMemory(ctx.files, { hasher: ctx.hasher }), { agentId: options.agentId ?? 'memkit', env: { hasher: ctx.hasher } })),
    import: guarded(async (bundle, options = {}) => {
      // The config's secrets.allow applies as to every other write; a config that cannot be read refuses the import.
      const config = await ctx.config();
      if (!config.ok) return config;
      const imported = await importBundle(bundle, directoryMemory(ctx.files, { hasher: ctx.hasher }), {
        policy: options.policy ?? 'fail',
        env: { hasher: ctx.hasher },
        secrets: { allow: [...(ctx.options.allowSecrets ?? []), ...(config.value?.secrets?.allow ?? [])] },
      });
      discovered = undefined;
      return imported.ok ? ok(imported.value, imported.problems) : fail(imported.problems);
    }),
    redact: guarded(async (ledger, input) => {
      const where = await ledgerPath(ledger);
      return where.ok ? redactEntry(ctx, where.value.path, input) : where;
    }),
    drill: guarded(async () => {
      const report = await drill(directoryMemory(ctx.files, { hasher: ctx.hasher }), { env: { hasher: ctx.hasher } });
      return report.ok ? ok(report, report.problems) : fail(report.problems);
    }),
  };

  const handle = { files: opened.files, ...operations } as MemoryHandle;
  for (const name of Object.keys(operations) as (keyof MemoryOperations)[]) {
    const run = operations[name] as (...args: unknown[]) => Promise<Result<unknown>>;
    (handle as unknown as Record<string, unknown>)[`${name}OrThrow`] = async (...args: unknown[]) => {
      const result = await run(...args);
      if (!result.ok) throw new MemkitError(result.problems);
      return result.value;
    };
  }
  return handle;
}
