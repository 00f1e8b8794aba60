import { hashJson } from '../kernel/canonical/index.js';
import { type FormatId, type ListScope, classifyPath } from '../engine/index.js';
import { dirOf, type feedbackLog, fileNameOf, formatById, memoryDoc, threadStore, wbsTask, wbsTaskIndex } from '../formats/index.js';
import type { ThreadCommand } from '../formats/thread-store/apply-operation.js';
import { type EntryDraft, LEDGER_FORMATS, type LedgerFormatId, type LedgerHead, appendToHead, isLedgerFormat } from '../services/ledger/index.js';
import { parseFrontmatter, parseJson, serializeFrontmatter, stringifyFrontmatter, updateFrontmatter } from '../syntax/index.js';
import { parseLedgerText } from '../formats/memory-bank/ledger-text.js';
import { verifyParsed } from '../formats/memory-bank/verify.js';
import { payloadCandidates, payloadDigests } from '../formats/product-context/payload.js';
import { SKIPPED_DIRS } from '../engine/layout.js';
import { type Problem, type Result, error, fail, ok } from '../kernel/problems/index.js';
import { deliverableMissing } from '../formats/wbs/invariants.js';
import { deliverablePath } from '../services/wbs/load.js';
import type { ThreadStore } from '../schema/thread-store.js';
import type { MemoryKind } from '../schema/thunderus.js';
import type { TaskEntity, TaskIndexEntry } from '../schema/wbs.js';
import { MANIFEST_PATH, THUNDERUS_MEMORY_ROOT, buildManifest, manifestText } from '../services/store/index.js';
import { applyOperation } from '../services/threads/index.js';
import { type FilePatch, WBS_MEMORY_ROOT, applyPlan, compareWbsIds, rollup, typeForDepth, wbsDepth, wbsParent } from '../services/wbs/index.js';
import { type PlannedWrite, checkChanges, commitWrites, overlayFiles, refusal } from './checked-write.js';
import { type MemoryContext, decodeUtf8, problemsOf, readText, shown } from './context.js';
import { loadTaskIndex, notMemoryFile } from './read.js';

/** A memory doc to create, or the fields of one to update (by id); a new doc needs `title` and `kind`. */
export interface WriteDocInput {
  /** The doc's `id`: an existing doc with it is updated, else a new doc is created. */
  id: string;
  title?: string;
  kind?: MemoryKind;
  tags?: string[];
  /** Markdown; replaces the body. */
  body?: string;
  /** Where a new doc goes (default: its kind's folder, its id as the file name; a recap `episodic/<date>.md`); an update keeps the doc's path. */
  path?: string;
}

/** One entry to append: the ledger (its path) and the entry without what the append fills (id, timestamp, predecessor_hash). */
export interface AppendInput {
  ledger: string;
  entry: Record<string, unknown>;
  /** The ledger's format: needed only to create a ledger that is not there yet, and checked against the file's when it is. */
  format?: LedgerFormatId;
  /** The agent writing: the writer policy must allow it this file, and it fills the entry's writer field (`source_agent`, …) when that is not given. */
  as?: string;
}

/** A task's status, title or dependencies to set, or a task to add (a new one needs `title`). */
export interface TaskInput {
  id: string;
  status?: TaskEntity['status'];
  title?: string;
  dependencies?: string[];
  /**
   * Look up the task's `deliverables` (paths in the memory directory, the project the WBS describes) and record
   * in its entity file's `validationResults.deliverablesExist` whether all of them exist; each missing one is a
   * `wbs.deliverable-missing` warning. The task needs an entity file.
   */
  checkDeliverables?: boolean;
}

/** One thread-store operation, on the directory's only store or the one named. */
export interface ThreadInput {
  command: string;
  params: Record<string, unknown>;
  operator?: ThreadCommand['operator'];
  store?: string;
}

/** A file a write replaced: its path and the SHA-256 of its new bytes. */
export interface ChangedFile {
  path: string;
  hash: string;
}

/** What {@link writeDoc} did: the doc's id, whether it was created, and the files written (the doc, and the manifest when there is one). */
export interface WrittenDoc {
  id: string;
  created: boolean;
  changed: ChangedFile[];
}

/** What {@link setTask} did: the files written and the task's index entry after the roll-up. */
export interface WrittenTask {
  changed: ChangedFile[];
  task: TaskIndexEntry | undefined;
}

/** What {@link applyThread} did: the store written and the operation it logged. */
export interface WrittenThread {
  changed: ChangedFile[];
  operation: ThreadStore['operations'][number] | undefined;
}

const DOC_ROOT = `${THUNDERUS_MEMORY_ROOT}/`;
/** Where a new doc of each kind goes when no path is given (the layout of the example memory). */
const KIND_DIR: Record<MemoryKind, string> = { core: 'core', fact: 'semantic/FACTS', adr: 'semantic', playbook: 'procedural/PLAYBOOKS', recap: 'episodic' };
/** Frontmatter keys in the order the memory doc schema lists them. */
const DOC_KEYS = ['id', 'title', 'kind', 'tags', 'created', 'updated', 'provenance', 'verification'];

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/**
 * `remember`: creates a memory doc, or updates one by id (only the fields
 * given; the rest of the frontmatter kept as written), sets `updated`,
 * regenerates the manifest when there is one, and checks it all before writing.
 */
export async function writeDoc(ctx: MemoryContext, args: WriteDocInput): Promise<Result<WrittenDoc>> {
  return ctx.exclusive(`${DOC_ROOT}.docs.lock`, async () => {
    await ctx.refresh();
    const ts = ctx.timestamp();
    const existing = await ctx.store.getDoc(args.id);
    let path: string;
    let text: string;
    // The bytes the new doc is computed from, compared again before the rename.
    let base: Uint8Array | undefined;
    try {
      if (existing !== undefined) {
        if (args.path !== undefined && args.path !== existing.path)
          return fail([error('memory.path-conflict', `the doc ${args.id} lives at ${existing.path}`, { file: existing.path, pointer: '/path' })]);
        path = existing.path;
        base = await ctx.files.read(path);
        if (base === undefined) return fail([error('memory.not-found', `${path} no longer exists`, { file: path })]);
        const old = decodeUtf8(base, path);
        if (!old.ok) return old;
        const patch: Record<string, unknown> = { updated: ts };
        for (const key of ['title', 'kind', 'tags'] as const) if (args[key] !== undefined) patch[key] = args[key];
        const updated = updateFrontmatter(old.value, patch, { file: path });
        if (!updated.ok) return updated;
        text = updated.value;
        if (args.body !== undefined) {
          const doc = parseFrontmatter(text, { file: path });
          if (!doc.ok) return doc;
          text = serializeFrontmatter({ ...doc.value, body: args.body });
        }
      } else {
        path = args.path ?? defaultDocPath(args.id, args.kind ?? 'fact', ts);
        if (!isMemoryDocPath(path)) return fail([notDocPath(path)]);
        // The port judges the path first (relative, no "..", no link out of the directory).
        if ((await ctx.files.read(path)) !== undefined) return fail([error('memory.path-conflict', `${path} exists and is not the doc ${args.id}`, { file: path, pointer: '/path' })]);
        const data = {
          id: args.id,
          title: args.title,
          kind: args.kind,
          tags: args.tags ?? [],
          created: ts,
          updated: ts,
          provenance: { events: [], patches: [] },
          verification: { last_verified_commit: null, status: 'unknown' },
        };
        text = stringifyFrontmatter(data, args.body ?? (args.title === undefined ? '' : `# ${args.title}\n`), { keyOrder: DOC_KEYS });
      }
    } catch (cause) {
      return fail(problemsOf(cause));
    }
    // An existing doc at a path `check` does not count as a doc (the store is wider) is not rewritten either.
    if (!isMemoryDocPath(path)) return fail([notDocPath(path)]);
    const writes: PlannedWrite[] = [{ path, bytes: ctx.encode(text), base }];
    const manifest = await ctx.files.read(MANIFEST_PATH).catch(() => undefined);
    if (manifest !== undefined) {
      const built = await buildManifest(overlayFiles(ctx.files, new Map([[path, writes[0]!.bytes]])), { now: () => ctx.now(), hasher: ctx.hasher });
      writes.push({ path: MANIFEST_PATH, bytes: ctx.encode(manifestText(built.manifest)), base: manifest });
    }
    const written = await checkedWrite(ctx, ['.thunderus/'], writes, { expect: memoryDoc.id });
    if (!written.ok) return written;
    ctx.formats.set(path, memoryDoc.id);
    await ctx.refresh();
    return ok({ id: args.id, created: existing === undefined, changed: written.value }, written.problems);
  });
}

/**
 * Where a new doc goes without a path: its kind's folder, its id as the file
 * name (characters a file name should not hold become `-`); a recap at
 * `episodic/<date>.md` as the recap template places it (the date in its id, else today's).
 */
function defaultDocPath(id: string, kind: MemoryKind, ts: string): string {
  if (kind === 'recap') return `${DOC_ROOT}${KIND_DIR.recap}/${/\d{4}-\d{2}-\d{2}/.exec(id)?.[0] ?? ts.slice(0, 10)}.md`;
  return `${DOC_ROOT}${KIND_DIR[kind]}/${id.replace(/[^A-Za-z0-9._-]/g, '-')}.md`;
}

/** True when `check`, the manifest, search and `read` all see `path` as a memory doc (inside `.thunderus/memory/` the path alone decides). */
function isMemoryDocPath(path: string): boolean {
  if (!path.startsWith(DOC_ROOT)) return false;
  const cls = classifyPath(path);
  return cls !== undefined && 'format' in cls && cls.format === memoryDoc.id;
}

const notDocPath = (path: string) =>
  error('memory.bad-path', `a memory doc is a .md file under ${DOC_ROOT} that check counts as one (not a README, not a memory bank file), not ${JSON.stringify(path)}`, {
    pointer: '/path',
  });

/**
 * Checks `writes` against `scope`, then commits them ({@link commitWrites}).
 * With `expect`, `check` must classify the first file as that format. The
 * value is each file's path and new hash; the problems are the warnings the write adds.
 */
export async function checkedWrite(ctx: MemoryContext, scope: ListScope, writes: PlannedWrite[], options: { held?: string[]; expect?: FormatId } = {}): Promise<Result<ChangedFile[]>> {
  const checked = await checkChanges(ctx.source, scope, new Map(), new Map(writes.map((w) => [w.path, w.bytes])), ctx.hasher, ctx.options.allowSecrets);
  if (checked.errors.length > 0) return fail(refusal(checked.errors));
  const first = writes[0]!.path;
  if (options.expect !== undefined && checked.formats.get(first) !== options.expect) return fail([notDocPath(first)]);
  const committed = await commitWrites(ctx.files, writes, { withLock: ctx.options.withLock, held: options.held ?? [] });
  if (!committed.ok) return committed;
  return ok(
    writes.map((w) => ({ path: w.path, hash: ctx.hash(w.bytes) })),
    checked.warnings,
  );
}

/** An appended entry: the ledger's path, the entry as stored (id, timestamp and chain filled in) and its hash. */
export interface AppendedEntry {
  path: string;
  entry: Record<string, unknown>;
  hash: string;
}

/**
 * Appends one ledger entry, its writer allowed by the writer policy: built
 * and checked as a dry run, then written under the ledger's lock, by the
 * injected append (which fills id, timestamp and chain from the file as it
 * is then) or, without one, by rebuilding it on the file as read under the
 * lock and replacing the file atomically. A ledger not there yet is created
 * when `format` says which ledger it is.
 */
export async function appendToLedger(ctx: MemoryContext, args: AppendInput): Promise<Result<AppendedEntry>> {
  const path = args.ledger;
  const kind = await ledgerKind(ctx, path, args.format);
  if (!kind.ok) return kind;
  const format = kind.value as Exclude<LedgerFormatId, typeof feedbackLog.id>;
  const create = args.format !== undefined;
  // The field `memkit check` polices (a decision names its proposer, no writer).
  const field = LEDGER_FORMATS[format].writerField;
  let entry = args.entry;
  if (args.as !== undefined) {
    // The writer named by the caller: it must be allowed to append to this file, and it is the entry's writer field.
    if (field !== undefined && entry[field] === undefined) entry = { ...entry, [field]: args.as };
    else if (field !== undefined && entry[field] !== args.as)
      return fail([error('memory.invalid-request', `the entry names ${JSON.stringify(entry[field])} as its ${field}, and the writer is ${JSON.stringify(args.as)}`, { pointer: `/entry/${field}` })]);
    const allowed = await ctx.permit(args.as, path, 'append');
    if (!allowed.ok) return allowed;
  }
  if (field !== undefined) {
    const agent = entry[field];
    if (typeof agent !== 'string' || agent === '') return fail([error('memory.no-writer', `a ${format} entry names its writer in ${field}`, { pointer: `/entry/${field}` })]);
    const allowed = await ctx.permit(agent, path, 'append', { pointer: `/entry/${field}` });
    if (!allowed.ok) return allowed;
  }
  const withPayload = await fillPayloadHash(ctx, path, entry);
  if (!withPayload.ok) return withPayload;
  entry = withPayload.value;
  const dir = path.slice(0, path.lastIndexOf('/') + 1);
  // The entry on `text` (less a last line another writer may still be writing), checked as the file would be.
  const dryRun = async (text: string) => {
    const cut = text.endsWith('\n') || text.slice(text.lastIndexOf('\n') + 1).trimStart()[0] !== '{' ? text : text.slice(0, text.lastIndexOf('\n') + 1);
    const built = appendToHead(headOfText(cut, format, ctx), entry as EntryDraft<typeof format>, { format, hasher: ctx.hasher, now: () => ctx.now() });
    if (!built.ok) return built;
    const after = cut + (cut === '' || cut.endsWith('\n') ? '' : '\n') + built.value.line + '\n';
    const checked = await checkChanges(ctx.source, [dir], new Map([[path, ctx.encode(cut)]]), new Map([[path, ctx.encode(after)]]), ctx.hasher, ctx.options.allowSecrets);
    if (checked.errors.length > 0) return fail(refusal(checked.errors));
    if (checked.formats.get(path) !== format) return fail([notLedgerPath(path, format)]);
    return ok({ cut, after, built: built.value }, checked.warnings);
  };

  const appendLedger = ctx.options.appendLedger;
  if (appendLedger !== undefined) {
    const ledger = await ledgerOrNew(ctx, path, format, create);
    if (!ledger.ok) return ledger;
    const tried = await dryRun(ledger.value.text);
    if (!tried.ok) return tried;
    const appended = await appendLedger(path, entry, format);
    if (!appended.ok) return appended;
    ctx.formats.set(path, format);
    return ok({ path, entry: appended.value.entry as Record<string, unknown>, hash: appended.value.hash }, tried.problems);
  }
  const lock = `${path}.lock`;
  return ctx.exclusive(lock, async () => {
    const now = await ledgerOrNew(ctx, path, format, create);
    if (!now.ok) return now;
    const tried = await dryRun(now.value.text);
    if (!tried.ok) return tried;
    // Replacing the file would drop a torn last line: that is for a repair to keep aside, not for an append to lose.
    if (tried.value.cut !== now.value.text) return fail([error('ledger.torn-tail', 'the last line has no newline and is not an entry (a torn write); repair the ledger first', { file: path })]);
    const base = now.value.text === '' && !now.value.exists ? undefined : ctx.encode(now.value.text);
    const committed = await commitWrites(ctx.files, [{ path, bytes: ctx.encode(tried.value.after), base }], { withLock: ctx.options.withLock, held: [lock] });
    if (!committed.ok) return committed;
    ctx.formats.set(path, format);
    return ok({ path, entry: tried.value.built.entry as Record<string, unknown>, hash: tried.value.built.hash }, tried.problems);
  });
}

/**
 * `entry` with its `payload_hash` computed ("Every append computes SHA-256 of
 * payload") when it names a `payload_loc` and no hash: the file `check` and
 * `verify` compare it with (beside the ledger, else at the directory's root),
 * hashed as they hash it (the canonical JSON when it is JSON, else its bytes).
 * A location that leaves the directory, or names no file, is refused.
 */
async function fillPayloadHash(ctx: MemoryContext, ledger: string, entry: Record<string, unknown>): Promise<Result<Record<string, unknown>>> {
  const loc = entry.payload_loc;
  if (typeof loc !== 'string' || entry.payload_hash !== undefined) return ok(entry);
  const where = { pointer: '/entry/payload_loc' };
  const candidates = payloadCandidates(dirOf(ledger), loc).filter((p) => !p.split('/').some((s) => SKIPPED_DIRS.has(s)));
  if (candidates.length === 0) return fail([error('memory.payload-outside', `payload_loc ${shown(loc)} is not a file inside the memory directory, so its payload_hash cannot be computed`, where)]);
  for (const path of candidates) {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await ctx.files.read(path);
    } catch (cause) {
      return fail(problemsOf(cause).map((p) => ({ ...p, file: p.file ?? path, ...where })));
    }
    if (bytes === undefined) continue;
    const digests = payloadDigests(bytes, ctx.hasher);
    return ok({ ...entry, payload_hash: digests.jcs ?? digests.bytes });
  }
  return fail([error('memory.payload-not-found', `payload_loc ${shown(loc)} names no file (looked for ${candidates.join(' and ')}); write the payload first`, where)]);
}

/** The ledger format of `path` (by the file's format; `format` when no file is there yet), found without reading the file. */
async function ledgerKind(ctx: MemoryContext, path: string, format: LedgerFormatId | undefined): Promise<Result<LedgerFormatId>> {
  // A plain relative path whose name makes it a ledger needs no walk of the directory: the dry run's check confirms it.
  const plain = !path.startsWith('/') && !path.includes('\\') && path.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
  const byName = plain ? classifyPath(path) : undefined;
  const found = ctx.formats.get(path) ?? (byName !== undefined && 'format' in byName && isLedgerFormat(byName.format) ? byName.format : await ctx.formatOf(path));
  if (found === undefined) return format === undefined ? fail([notMemoryFile(path)]) : ok(format);
  if (format !== undefined && found !== format) return fail([notLedgerPath(path, format)]);
  if (!isLedgerFormat(found) || formatById(found).ledger?.entries !== 'json-lines')
    return fail([error('memory.not-found', `${shown(path)} is a ${found} file, not a JSON Lines ledger`, { file: path, pointer: '/ledger' })]);
  return ok(found);
}

/** The text of the ledger at `path` (one read: what the append is computed from), or an empty ledger when no file is there and `create`. */
async function ledgerOrNew(ctx: MemoryContext, path: string, format: LedgerFormatId, create: boolean): Promise<Result<{ format: LedgerFormatId; text: string; exists: boolean }>> {
  let bytes: Uint8Array | undefined;
  try {
    bytes = await ctx.files.read(path);
  } catch (cause) {
    return fail(problemsOf(cause).map((p) => ({ ...p, file: p.file ?? path })));
  }
  if (bytes === undefined) return create ? ok({ format, text: '', exists: false }) : fail([error('memory.not-found', `${shown(path)} no longer exists`, { file: path })]);
  const text = decodeUtf8(bytes, path);
  return text.ok ? ok({ format, text: text.value, exists: true }) : text;
}

const notLedgerPath = (path: string, format: LedgerFormatId) =>
  error('memory.bad-path', `${JSON.stringify(path)} is not where check finds a ${format} ledger (a memory bank file name, in a memory bank)`, { file: path, pointer: '/ledger' });

/** The head of a ledger text: the hash the next entry chains onto (in the file's convention), the last timestamp, the ids used. */
function headOfText(text: string, format: LedgerFormatId, ctx: MemoryContext): LedgerHead {
  const info = LEDGER_FORMATS[format];
  const parsed = parseLedgerText(text);
  const entries = parsed.entries.map((e) => e.value as Record<string, unknown> | null);
  const ids: string[] = [];
  if (info.idField !== undefined) for (const e of entries) if (typeof e?.[info.idField] === 'string') ids.push(e[info.idField] as string);
  const head: LedgerHead = { lastHash: verifyParsed(parsed, { format, hasher: ctx.hasher, maxProblems: 1 }).head, ids };
  const lastTs = entries[entries.length - 1]?.[info.tsField];
  if (typeof lastTs === 'string') head.lastTs = lastTs;
  return head;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Sets an entity's status with its times: `startedAt` when work starts, `completedAt` when done and cleared when reopened. */
function setStatus(e: TaskEntity, status: TaskEntity['status'], ts: string): void {
  if (status === e.status) return;
  e.status = status;
  if (status === 'in-progress' && !e.startedAt) e.startedAt = ts;
  if (status === 'done') e.completedAt = ts;
  else delete e.completedAt;
}

/**
 * `task`: sets a leaf task's status or adds a task, applies the roll-up to
 * the index and the entity files, checks the WBS memory, and writes the
 * changed files through the WBS journal (all or none), under the WBS lock.
 */
export async function setTask(ctx: MemoryContext, args: TaskInput): Promise<Result<WrittenTask>> {
  return ctx.exclusive(`${WBS_MEMORY_ROOT}.wbs.lock`, async () => {
    const read = await loadTaskIndex(ctx);
    if (!read.ok) return read;
    const loaded = read.value;
    const before = loaded.index;
    const index = clone(before);
    const entities = new Map<string, TaskEntity>();
    const entity = (id: string): TaskEntity | undefined => {
      const file = `tasks/${id}.json`;
      if (!entities.has(file) && loaded.tasks[file] !== undefined) entities.set(file, clone(loaded.tasks[file]) as TaskEntity);
      return entities.get(file);
    };
    const ts = ctx.timestamp();
    const at = index.tasks.findIndex((t) => t.id === args.id);
    if (at >= 0) {
      const entry = index.tasks[at]!;
      if (args.status === undefined && args.title === undefined && args.dependencies === undefined && args.checkDeliverables !== true)
        return fail([error('memory.invalid-request', 'give a status, title or dependencies to set, or check the deliverables', { pointer: '' })]);
      if (args.status !== undefined && entry.children.length > 0) return fail([error('memory.status-derived', `${args.id} has children; its status is their roll-up`, { pointer: '/status' })]);
      if (args.status !== undefined) entry.status = args.status;
      if (args.dependencies !== undefined) entry.dependencies = [...args.dependencies];
      const e = entity(args.id);
      if (e !== undefined) {
        if (args.title !== undefined) e.title = args.title;
        if (args.dependencies !== undefined) e.dependencies = [...args.dependencies];
        if (args.status !== undefined) setStatus(e, args.status, ts);
      }
    } else {
      if (args.title === undefined) return fail([error('memory.invalid-request', `there is no task ${args.id}; a new task needs a title`, { pointer: '/title' })]);
      const parent = wbsParent(args.id) ?? null;
      const type = typeForDepth(wbsDepth(args.id)!)!;
      const status = args.status ?? 'pending';
      const dependencies = [...(args.dependencies ?? [])];
      const entry: TaskIndexEntry = { id: args.id, type, status, parent, children: [], dependencies };
      index.tasks.push(entry);
      index.tasks.sort((a, b) => compareWbsIds(a.id, b.id));
      if (parent !== null) {
        const p = index.tasks.find((t) => t.id === parent);
        if (p !== undefined) p.children = [...p.children, args.id].sort(compareWbsIds);
        const pe = entity(parent);
        if (pe !== undefined) pe.children = [...(pe.children ?? []), args.id].sort(compareWbsIds);
      }
      entities.set(`tasks/${args.id}.json`, { id: args.id, type, title: args.title, status, parent, children: [], dependencies });
    }
    const found: Problem[] = [];
    if (args.checkDeliverables === true) {
      const e = entity(args.id);
      if (e === undefined) return fail([error('memory.not-found', `${args.id} has no entity file (tasks/${args.id}.json) to record its deliverables in`, { pointer: '/id' })]);
      const deliverables = Array.isArray(e.deliverables) ? e.deliverables : [];
      let all = true;
      for (const [k, d] of deliverables.entries()) {
        if (await deliverableExists(ctx, d)) continue;
        all = false;
        found.push(deliverableMissing(d, args.id, { file: `${WBS_MEMORY_ROOT}tasks/${args.id}.json`, pointer: `/deliverables/${k}` }));
      }
      e.validationResults = { ...e.validationResults, deliverablesExist: all };
    }
    const rolled = rollup(index);
    // Entity files carry the statuses the roll-up gives their parents.
    for (const t of rolled.tasks) {
      const e = entity(t.id);
      if (e !== undefined) setStatus(e, t.status, ts);
    }
    const indexFile = fileNameOf(wbsTaskIndex);
    const docs = new Map<string, unknown>([[indexFile, rolled]]);
    for (const [file, e] of entities) docs.set(file, e);
    const patches: FilePatch[] = [];
    const changes = new Map<string, Uint8Array>();
    for (const [file, value] of docs) {
      const base = file === indexFile ? before : loaded.tasks[file];
      if (base !== undefined && JSON.stringify(base) === JSON.stringify(value)) continue;
      patches.push({ file, baseHash: base === undefined ? null : hashJson(base, ctx.hasher), patch: [{ op: base === undefined ? 'add' : 'replace', path: '', value }], fixes: [] });
      changes.set(WBS_MEMORY_ROOT + file, ctx.encode(json(value)));
    }
    if (patches.length === 0) return ok({ changed: [], task: rolled.tasks.find((t) => t.id === args.id) }, found);
    const checked = await checkChanges(ctx.source, [WBS_MEMORY_ROOT], new Map(), changes, ctx.hasher, ctx.options.allowSecrets);
    // The checker's own cycle detection: a self-dependency or a cycle the write would add (an existing one elsewhere does not block it).
    const isCycle = (p: { code: string }) => p.code === 'wbs.dependency-self' || p.code === 'wbs.dependency-cycle';
    const cycles = [...checked.errors, ...checked.warnings].filter(isCycle);
    if (cycles.length > 0)
      return fail([error('memory.dependency-cycle', `the dependencies of ${args.id} would close a dependency cycle; nothing was written`, { pointer: '/dependencies' }), ...cycles]);
    if (checked.errors.length > 0) return fail(refusal(checked.errors));
    const applied = await applyPlan({ patches, remaining: [] }, ctx.files, { hasher: ctx.hasher });
    if (!applied.ok) {
      // A file changed since it was loaded (a writer without the WBS lock): nothing was written.
      const stale = applied.problems.find((p) => p.code === 'wbs.plan-stale');
      if (stale === undefined) return applied;
      return fail([
        error('memory.write-conflict', `${stale.file ?? 'a WBS file'} changed since this write read it (another writer); nothing was written`, { ...(stale.file ? { file: stale.file } : {}) }),
        ...applied.problems,
      ]);
    }
    for (const p of changes.keys()) ctx.formats.set(p, p === WBS_MEMORY_ROOT + indexFile ? wbsTaskIndex.id : wbsTask.id);
    return ok({ changed: [...changes].map(([path, bytes]) => ({ path, hash: ctx.hash(bytes) })), task: rolled.tasks.find((t) => t.id === args.id) }, [...found, ...checked.warnings]);
  });
}

/** Whether the deliverable at `path` (relative to the memory directory) is there: a file, or a directory with files in it; a path leading outside is not. */
async function deliverableExists(ctx: MemoryContext, path: string): Promise<boolean> {
  const clean = typeof path === 'string' ? deliverablePath(path) : undefined;
  if (clean === undefined) return false;
  const file = ctx.source.slice !== undefined ? await ctx.source.slice(clean, 0, 0) : await ctx.source.read(clean);
  if (file.ok && file.value !== undefined) return true;
  const dir = `${clean}/`;
  return (await ctx.source.list([dir])).files.some((f) => f.path.startsWith(dir));
}

/** `thread`: applies one operation under the thread store's transition rules, checks the new store and writes it, under the store's lock. */
export async function applyThread(ctx: MemoryContext, args: ThreadInput): Promise<Result<WrittenThread>> {
  const stores = ctx.pathsOf(threadStore.id);
  const path = args.store ?? (stores.length === 1 ? stores[0] : undefined);
  if (path === undefined) return fail([error('memory.invalid-request', `name the store: one of ${stores.join(', ')}`, { pointer: '/store' })]);
  if (!stores.includes(path)) return fail([error('memory.not-found', `${JSON.stringify(path)} is not a thread store under the served directory`, { pointer: '/store' })]);
  const lock = `${path}.lock`;
  return ctx.exclusive(lock, async () => {
    const read = await readText(ctx, path);
    if (!read.ok) return read;
    const base = read.value.bytes;
    const parsed = parseJson(read.value.text);
    if (!parsed.ok) return fail(parsed.problems.map((p) => ({ ...p, file: path })));
    const result = applyOperation(
      parsed.value as ThreadStore,
      { command: args.command, params: args.params as Record<string, unknown>, ...(args.operator ? { operator: args.operator } : {}) },
      { now: () => ctx.now() },
    );
    if (!result.ok) return fail(result.problems.map((p: Problem) => ({ ...p, file: path })));
    const written = await checkedWrite(ctx, [path], [{ path, bytes: ctx.encode(json(result.value)), base }], { held: [lock] });
    if (!written.ok) return written;
    const operations = result.value.operations;
    return ok({ changed: written.value, operation: operations[operations.length - 1] }, written.problems);
  });
}
