import { hashJson } from '../canonical/index.js';
import { type EntryDraft, LEDGER_FORMATS, type LedgerFormatId, type LedgerHead, appendToHead, checkWrite, verifyText } from '../ledger/index.js';
import { parseFrontmatter, parseJson, parseLedgerText, serializeFrontmatter, stringifyFrontmatter, updateFrontmatter } from '../parse/index.js';
import { type Problem, type Result, error, fail, ok } from '../problems/index.js';
import type { ThreadStore } from '../schemas/thread-store.js';
import type { TaskEntity, TaskIndexEntry } from '../schemas/wbs.js';
import { MANIFEST_PATH, THUNDERUS_MEMORY_ROOT, buildManifest, manifestText } from '../store/index.js';
import { applyOperation } from '../threads/index.js';
import { type FilePatch, WBS_MEMORY_ROOT, applyPlan, compareWbsIds, rollup, typeForDepth, wbsDepth, wbsParent } from '../wbs/index.js';
import { newErrors, overlayFiles, refusal } from './checked-write.js';
import { type McpContext, problemsOf } from './context.js';
import { ledgerText, loadTaskIndex } from './read-tools.js';
import type { AppendArgs, RememberArgs, TaskArgs, ThreadArgs } from './tool-schemas.js';

/** What a write changed: each file's path and the SHA-256 of its new bytes (for a ledger: the new head). */
export interface Changed {
  path: string;
  hash: string;
}

const DOC_ROOT = `${THUNDERUS_MEMORY_ROOT}/`;
/** Where a new doc of each kind goes when no path is given (the layout of the example memory). */
const KIND_DIR: Record<string, string> = { core: 'core', fact: 'semantic/FACTS', adr: 'semantic', playbook: 'procedural/PLAYBOOKS', recap: 'episodic' };
/** Frontmatter keys in the order the memory doc schema lists them. */
const DOC_KEYS = ['id', 'title', 'kind', 'tags', 'created', 'updated', 'provenance', 'verification'];

const under = (dir: string) => (path: string) => path.startsWith(dir);
const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/** The default path of a new doc: its kind's folder, its id as the file name (characters a file name should not hold become `-`). */
export function defaultDocPath(id: string, kind: string | undefined): string {
  return `${DOC_ROOT}${KIND_DIR[kind ?? 'fact'] ?? 'semantic/FACTS'}/${id.replace(/[^A-Za-z0-9._-]/g, '-')}.md`;
}

/**
 * `remember`: creates a memory doc, or updates one by id (only the fields
 * given change; other frontmatter keys, comments and order are kept), sets
 * `updated`, regenerates the manifest when there is one, and checks the
 * result before anything is written.
 */
export async function remember(ctx: McpContext, args: RememberArgs): Promise<Result<unknown>> {
  return ctx.exclusive(`${DOC_ROOT}.mcp.lock`, async () => {
    await ctx.refresh();
    const ts = ctx.timestamp();
    const existing = await ctx.store.getDoc(args.id);
    let path: string;
    let text: string;
    try {
      if (existing !== undefined) {
        if (args.path !== undefined && args.path !== existing.path)
          return fail([error('mcp.path-conflict', `the doc ${args.id} lives at ${existing.path}`, { file: existing.path, pointer: '/path' })]);
        path = existing.path;
        const old = await ctx.readText(path);
        if (old === undefined) return fail([error('mcp.not-found', `${path} no longer exists`, { file: path })]);
        const patch: Record<string, unknown> = { updated: ts };
        for (const key of ['title', 'kind', 'tags'] as const) if (args[key] !== undefined) patch[key] = args[key];
        const updated = updateFrontmatter(old, patch, { file: path });
        if (!updated.ok) return updated;
        text = updated.value;
        if (args.body !== undefined) {
          const doc = parseFrontmatter(text, { file: path });
          if (!doc.ok) return doc;
          text = serializeFrontmatter({ ...doc.value, body: args.body });
        }
      } else {
        path = args.path ?? defaultDocPath(args.id, args.kind as string | undefined);
        if (!path.startsWith(DOC_ROOT) || !path.endsWith('.md'))
          return fail([error('mcp.bad-path', `a memory doc is a .md file under ${DOC_ROOT}, not ${JSON.stringify(path)}`, { pointer: '/path' })]);
        // The port judges the path first (relative, no "..", no link out of the directory).
        if ((await ctx.files.read(path)) !== undefined) return fail([error('mcp.path-conflict', `${path} exists and is not the doc ${args.id}`, { file: path, pointer: '/path' })]);
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
    const changes = new Map([[path, ctx.encode(text)]]);
    if ((await ctx.files.read(MANIFEST_PATH).catch(() => undefined)) !== undefined) {
      const { manifest } = await buildManifest(overlayFiles(ctx.files, changes), { now: () => ctx.now(), hasher: ctx.hasher });
      changes.set(MANIFEST_PATH, ctx.encode(manifestText(manifest)));
    }
    const written = await checkedWrite(ctx, under('.thunderus/'), changes);
    if (!written.ok) return written;
    ctx.formats.set(path, 'memory-doc');
    await ctx.refresh();
    return ok({ id: args.id, created: existing === undefined, changed: written.value });
  });
}

/** Checks `changes` against the scope as it is, then writes them one by one (each atomically). */
async function checkedWrite(ctx: McpContext, scope: (path: string) => boolean, changes: Map<string, Uint8Array>): Promise<Result<Changed[]>> {
  const added = await newErrors(ctx.options.source, scope, new Map(), changes, ctx.hasher);
  if (added.length > 0) return fail(refusal(added));
  const changed: Changed[] = [];
  try {
    for (const [path, bytes] of changes) {
      await ctx.files.write(path, bytes);
      changed.push({ path, hash: ctx.hash(bytes) });
    }
  } catch (cause) {
    return fail(problemsOf(cause));
  }
  return ok(changed);
}

/** The field of each JSON Lines ledger's entry that names the agent writing it: the writer policy applies to it. */
export const WRITER_FIELD: Readonly<Record<Exclude<LedgerFormatId, 'feedback-log'>, string>> = {
  'active-context': 'source_agent',
  'decision-log': 'proposer_agent',
  'product-context': 'author_agent',
  'risk-register': 'reporter_agent',
};

/**
 * `append`: one ledger entry. The entry names its writer, whom the writer
 * policy (the seed's rosters with the config's `memoryBank.writers`) must
 * allow; the entry is built and the bank checked with it as a dry run; then
 * the injected append writes it under the ledger's cross-process lock (ids,
 * timestamp and chain are filled in again there, from the file as it is then).
 */
export async function appendToLedger(ctx: McpContext, args: AppendArgs): Promise<Result<unknown>> {
  const path = args.ledger;
  const ledger = await ledgerText(ctx, path, true);
  if (!ledger.ok) return ledger;
  const format = ledger.value.format as keyof typeof WRITER_FIELD;
  const entry = args.entry as Record<string, unknown>;
  const field = WRITER_FIELD[format];
  const agent = entry[field];
  if (typeof agent !== 'string' || agent === '') return fail([error('mcp.no-writer', `a ${format} entry names its writer in ${field}`, { pointer: `/entry/${field}` })]);
  const policy = await ctx.writerPolicy();
  if (!policy.ok) return policy;
  const denied = checkWrite(policy.value, agent, path, 'append').filter((p) => p.severity === 'error');
  if (denied.length > 0) return fail(denied.map((p) => ({ ...p, pointer: `/entry/${field}` })));

  // The dry run: the file as read, less a last line another writer may still be writing.
  const text = ledger.value.text;
  const cut = text.endsWith('\n') || text.slice(text.lastIndexOf('\n') + 1).trimStart()[0] !== '{' ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  const built = appendToHead(headOfText(cut, format, ctx), entry as EntryDraft<typeof format>, { format, hasher: ctx.hasher, now: () => ctx.now() });
  if (!built.ok) return built;
  const after = cut + (cut === '' || cut.endsWith('\n') ? '' : '\n') + built.value.line + '\n';
  const dir = path.slice(0, path.lastIndexOf('/') + 1);
  const added = await newErrors(ctx.options.source, under(dir), new Map([[path, ctx.encode(cut)]]), new Map([[path, ctx.encode(after)]]), ctx.hasher);
  if (added.length > 0) return fail(refusal(added));

  const appended = await ctx.options.appendLedger!(path, entry, format);
  if (!appended.ok) return appended;
  return ok({ changed: [{ path, hash: appended.value.hash }], entry: appended.value.entry });
}

/** The head of a ledger text: the hash the next entry chains onto (in the file's convention), the last timestamp, the ids used. */
function headOfText(text: string, format: LedgerFormatId, ctx: McpContext): LedgerHead {
  const info = LEDGER_FORMATS[format];
  const entries = parseLedgerText(text).entries.map((e) => e.value as Record<string, unknown> | null);
  const ids: string[] = [];
  if (info.idField !== undefined) for (const e of entries) if (typeof e?.[info.idField] === 'string') ids.push(e[info.idField] as string);
  const head: LedgerHead = { lastHash: verifyText(text, { format, hasher: ctx.hasher, maxProblems: 1 }).head, ids };
  const lastTs = entries[entries.length - 1]?.[info.tsField];
  if (typeof lastTs === 'string') head.lastTs = lastTs;
  return head;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * `task`: sets a task's status (a leaf's: a parent's status is the roll-up
 * of its children's) or adds a task, applies the roll-up to the index and the
 * entity files, checks the WBS memory, and writes the changed files through
 * the WBS journal (all of them or none), under the WBS lock.
 */
export async function task(ctx: McpContext, args: TaskArgs): Promise<Result<unknown>> {
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
      if (args.status === undefined && args.title === undefined && args.dependencies === undefined)
        return fail([error('mcp.invalid-arguments', 'give a status, title or dependencies to set', { pointer: '' })]);
      if (args.status !== undefined && entry.children.length > 0) return fail([error('mcp.status-derived', `${args.id} has children; its status is their roll-up`, { pointer: '/status' })]);
      if (args.status !== undefined) entry.status = args.status;
      if (args.dependencies !== undefined) entry.dependencies = [...args.dependencies];
      const e = entity(args.id);
      if (e !== undefined) {
        if (args.title !== undefined) e.title = args.title;
        if (args.dependencies !== undefined) e.dependencies = [...args.dependencies];
        if (args.status !== undefined && args.status !== e.status) {
          e.status = args.status;
          if (args.status === 'in-progress' && !e.startedAt) e.startedAt = ts;
          if (args.status === 'done') e.completedAt = ts;
        }
      }
    } else {
      if (args.title === undefined) return fail([error('mcp.invalid-arguments', `there is no task ${args.id}; a new task needs a title`, { pointer: '/title' })]);
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
    const rolled = rollup(index);
    // Entity files carry the statuses the roll-up gives their parents.
    for (const t of rolled.tasks) {
      const e = entity(t.id);
      if (e !== undefined && e.status !== t.status) e.status = t.status;
    }
    const docs = new Map<string, unknown>([['task-index.json', rolled]]);
    for (const [file, e] of entities) docs.set(file, e);
    const patches: FilePatch[] = [];
    const changes = new Map<string, Uint8Array>();
    for (const [file, value] of docs) {
      const base = file === 'task-index.json' ? before : loaded.tasks[file];
      if (base !== undefined && JSON.stringify(base) === JSON.stringify(value)) continue;
      patches.push({ file, baseHash: base === undefined ? null : hashJson(base, ctx.hasher), patch: [{ op: base === undefined ? 'add' : 'replace', path: '', value }], fixes: [] });
      changes.set(WBS_MEMORY_ROOT + file, ctx.encode(json(value)));
    }
    if (patches.length === 0) return ok({ changed: [], task: rolled.tasks.find((t) => t.id === args.id) });
    const added = await newErrors(ctx.options.source, under(WBS_MEMORY_ROOT), new Map(), changes, ctx.hasher);
    if (added.length > 0) return fail(refusal(added));
    const applied = await applyPlan({ patches, remaining: [] }, ctx.files, { hasher: ctx.hasher });
    if (!applied.ok) return applied;
    for (const p of changes.keys()) ctx.formats.set(p, p.endsWith('task-index.json') ? 'wbs-task-index' : 'wbs-task');
    return ok({ changed: [...changes].map(([path, bytes]) => ({ path, hash: ctx.hash(bytes) })), task: rolled.tasks.find((t) => t.id === args.id) });
  });
}

/**
 * `thread`: applies one operation (spawn, reference, freeze, archive,
 * update) with the thread store's transition rules, checks the new store and
 * writes it atomically, under the store's lock.
 */
export async function thread(ctx: McpContext, args: ThreadArgs): Promise<Result<unknown>> {
  const stores = ctx.pathsOf('thread-store');
  const path = args.store ?? (stores.length === 1 ? stores[0] : undefined);
  if (path === undefined) return fail([error('mcp.invalid-arguments', `name the store: one of ${stores.join(', ')}`, { pointer: '/store' })]);
  if (!stores.includes(path)) return fail([error('mcp.not-found', `${JSON.stringify(path)} is not a thread store under the served directory`, { pointer: '/store' })]);
  return ctx.exclusive(`${path}.lock`, async () => {
    let text: string | undefined;
    try {
      text = await ctx.readText(path);
    } catch (cause) {
      return fail(problemsOf(cause));
    }
    if (text === undefined) return fail([error('mcp.not-found', `${path} no longer exists`, { file: path })]);
    const parsed = parseJson(text);
    if (!parsed.ok) return fail(parsed.problems.map((p) => ({ ...p, file: path })));
    const result = applyOperation(
      parsed.value as ThreadStore,
      { command: args.command, params: args.params as Record<string, unknown>, ...(args.operator ? { operator: args.operator } : {}) },
      { now: () => ctx.now() },
    );
    if (!result.ok) return fail(result.problems.map((p: Problem) => ({ ...p, file: path })));
    const written = await checkedWrite(ctx, (p) => p === path, new Map([[path, ctx.encode(json(result.value))]]));
    if (!written.ok) return written;
    const operations = result.value.operations;
    return ok({ changed: written.value, operation: operations[operations.length - 1] });
  });
}
