import { basename, dirname, relative, sep } from 'node:path';
import { MEMORY_BANK_DIR } from '../../../formats/index.js';
import { MEMORY_KINDS, type MemoryKind } from '../../../schema/thunderus.js';
import { WBS_STATUSES } from '../../../schema/wbs.js';
import { parseJson } from '../../../syntax/index.js';
import { type Command, UsageError } from '../command.js';
import type { OutputFormat } from '../emit.js';
import type { CliIo } from '../io.js';
import { ALLOW_SECRET_HELP, FORMAT_HELP, absolute, allowSecretOption, existing, formatOption, shown } from './shared.js';
import { emitWrite, memoryAt } from './memory-at.js';

// The write commands: each computes the write in memory, checks the directory as it would be, and writes it
// atomically under the file's lock, or refuses with the problems and changes nothing (the memory handle's path).

/** Standard input as text: what a write command reads its entry or body from (nothing when stdin is a terminal). */
async function stdinText(io: CliIo): Promise<string> {
  return io.stdin === undefined ? '' : io.stdin();
}

/** `memkit append FILE --as AGENT` with the entry on stdin. */
export const appendCommand: Command = {
  name: 'append',
  help: `Usage: memkit append FILE [--as AGENT] [--dir DIR] [--format text|json|sarif] < entry.json

Appends one entry to the JSON Lines ledger FILE (decisionLog.md, activeContext.md,
riskRegister.md, productContext.md). Standard input holds one JSON object: the
fields the writer supplies; id, timestamp and predecessor_hash are filled in.
The directory's writer policy applies (the seed's rosters, or memoryBank.writers
of memkit.config.json), the result is checked as memkit check would check it,
and the entry is appended under FILE.lock, or refused with nothing written.

Options:
  --as AGENT   the agent writing: it must be allowed to append to FILE, and it
               fills the entry's writer field (source_agent, …) when not given
  --dir DIR    the memory directory FILE belongs to (default: the folder holding
               the memory bank, or FILE's folder)
${ALLOW_SECRET_HELP}
${FORMAT_HELP}

Exit status: 0 appended, 1 refused (problems printed, nothing changed), 2 usage error.
`,
  options: { as: { type: 'string' }, dir: { type: 'string' }, 'allow-secret': allowSecretOption, format: formatOption },
  async run({ values, positionals }, io) {
    const [fileArg, ...extra] = positionals;
    if (fileArg === undefined) throw new UsageError('append needs a ledger FILE');
    if (extra.length > 0) throw new UsageError('too many arguments');
    const file = absolute(io, fileArg);
    const folder = dirname(file);
    const root = values.dir === undefined ? (basename(folder) === MEMORY_BANK_DIR ? dirname(folder) : folder) : await existing(io, values.dir as string, 'directory');
    const rel = relative(root, file).split(sep).join('/');
    if (rel === '' || rel.startsWith('..')) throw new UsageError(`${fileArg} is not inside ${shown(io, root)}`);
    const input = parseJson(await stdinText(io));
    if (!input.ok || typeof input.value !== 'object' || input.value === null || Array.isArray(input.value))
      throw new UsageError('standard input must hold one JSON object: the entry, e.g. {"proposer_agent":"ReaperOAK","rationale":"…","diff_hash":"…","tests_passed":true}');
    const memory = memoryAt(root, values);
    const as = values.as as string | undefined;
    const appended = await memory.append(rel, input.value as Record<string, unknown>, as === undefined ? {} : { as });
    // The new checkpoint is read back (one more pass over the ledger) only where it is printed.
    const checkpoint = appended.ok && values.format === 'json' ? await memory.checkpoint(rel) : undefined;
    return emitWrite(io, values.format as OutputFormat, shown(io, root), appended, (a) => ({
      text: `appended ${String(a.entry.id ?? a.entry.risk_id ?? 'an entry')} to ${a.path} (entry hash ${a.hash})\n`,
      json: { written: true, path: a.path, entry: a.entry, hash: a.hash, checkpoint: checkpoint?.ok ? checkpoint.value : null },
    }));
  },
};

/** `memkit note DIR --id ID --kind KIND --title TITLE` with the Markdown body on stdin. */
export const noteCommand: Command = {
  name: 'note',
  help: `Usage: memkit note DIR --id ID [--kind KIND] [--title TITLE] [--tag TAG]... [--path PATH] [--format text|json|sarif] [< body.md]

Creates the memory doc ID under DIR/.thunderus/memory/ (a new doc needs --kind and
--title), or updates the doc with that id: only the fields given change, the
rest of its frontmatter keeps its bytes, and updated is set. Standard input, when
it is not a terminal, is the new Markdown body. The manifest follows when there is
one; the gardener's caps, allowed kinds and dedup apply through the check every
write passes, and a write that would not check clean is refused.

Options:
  --id ID        the doc's id
  --kind KIND    ${MEMORY_KINDS.join(', ')}
  --title TITLE  the doc's title
  --tag TAG      a tag (repeat for several); replaces the doc's tags
  --path PATH    where a new doc goes (default: its kind's folder, its id as the
                 name; a recap episodic/<date>.md)
${ALLOW_SECRET_HELP}
${FORMAT_HELP}

Exit status: 0 written, 1 refused (problems printed, nothing changed), 2 usage error.
`,
  options: {
    id: { type: 'string' },
    kind: { type: 'string' },
    title: { type: 'string' },
    tag: { type: 'string', multiple: true },
    path: { type: 'string' },
    'allow-secret': allowSecretOption,
    format: formatOption,
  },
  async run({ values, positionals }, io) {
    const [dirArg, ...extra] = positionals;
    if (dirArg === undefined) throw new UsageError('note needs the memory DIR');
    if (extra.length > 0) throw new UsageError('too many arguments');
    const id = values.id as string | undefined;
    if (id === undefined || id === '') throw new UsageError('note needs --id');
    const kind = values.kind as string | undefined;
    if (kind !== undefined && !(MEMORY_KINDS as readonly string[]).includes(kind)) throw new UsageError(`--kind must be one of ${MEMORY_KINDS.join(', ')}`);
    const root = await existing(io, dirArg, 'directory');
    const body = await stdinText(io);
    const written = await memoryAt(root, values).writeDoc({
      id,
      ...(kind === undefined ? {} : { kind: kind as MemoryKind }),
      ...(values.title === undefined ? {} : { title: values.title as string }),
      ...(values.tag === undefined ? {} : { tags: values.tag as string[] }),
      ...(values.path === undefined ? {} : { path: values.path as string }),
      ...(body === '' ? {} : { body }),
    });
    return emitWrite(io, values.format as OutputFormat, shown(io, root), written, (w) => ({
      text: `${w.created ? 'created' : 'updated'} ${w.id}: wrote ${w.changed.map((c) => c.path).join(', ')}\n`,
      json: { written: true, ...w },
    }));
  },
};

/** `memkit task DIR ID --status STATUS`. */
export const taskCommand: Command = {
  name: 'task',
  help: `Usage: memkit task DIR ID [--status STATUS] [--title TITLE] [--depends-on ID]... [--deliverables-exist] [--format ...]

Sets the status (or title, or dependencies) of the leaf task ID in DIR's WBS
memory (.claude/memory/), or adds task ID when it does not exist (--title
needed). Parents roll up and progress is recounted; task-index.json and the
entity files are checked and written together (all or none) under the WBS lock.
A parent's status is derived from its children and cannot be set.

Options:
  --status STATUS   ${WBS_STATUSES.join(', ')}
  --title TITLE     the task's title (a new task needs one)
  --depends-on ID   a dependency (repeat for several); replaces the task's dependencies
  --deliverables-exist
                    look up the task's deliverables (paths in DIR) and record in its
                    entity file's validationResults.deliverablesExist whether all
                    exist; each missing one is a wbs.deliverable-missing warning
${ALLOW_SECRET_HELP}
${FORMAT_HELP}

Exit status: 0 written, 1 refused (problems printed, nothing changed), 2 usage error.
`,
  options: {
    status: { type: 'string' },
    title: { type: 'string' },
    'depends-on': { type: 'string', multiple: true },
    'deliverables-exist': { type: 'boolean' },
    'allow-secret': allowSecretOption,
    format: formatOption,
  },
  async run({ values, positionals }, io) {
    const [dirArg, id, ...extra] = positionals;
    if (dirArg === undefined || id === undefined) throw new UsageError('task needs the memory DIR and a task ID');
    if (extra.length > 0) throw new UsageError('too many arguments');
    const status = values.status as string | undefined;
    if (status !== undefined && !(WBS_STATUSES as readonly string[]).includes(status)) throw new UsageError(`--status must be one of ${WBS_STATUSES.join(', ')}`);
    const root = await existing(io, dirArg, 'directory');
    const set = await memoryAt(root, values).setTask({
      id,
      ...(status === undefined ? {} : { status: status as (typeof WBS_STATUSES)[number] }),
      ...(values.title === undefined ? {} : { title: values.title as string }),
      ...(values['depends-on'] === undefined ? {} : { dependencies: values['depends-on'] as string[] }),
      ...(values['deliverables-exist'] === true ? { checkDeliverables: true } : {}),
    });
    return emitWrite(io, values.format as OutputFormat, shown(io, root), set, (t) => ({
      text: t.changed.length === 0 ? `${id} is already so; nothing to write\n` : `${id}${t.task ? ` is ${t.task.status}` : ''}: wrote ${t.changed.map((c) => c.path).join(', ')}\n`,
      json: { written: t.changed.length > 0, ...t },
    }));
  },
};

/** The `--as` and compaction flags `memkit compact` and `memkit session end` share. */
const compactOptions = { as: { type: 'string' }, rationale: { type: 'string' }, 'tests-passed': { type: 'boolean' }, 'allow-secret': allowSecretOption, format: formatOption } as const;

const compactInput = (values: Record<string, unknown>) => ({
  ...(values.as === undefined ? {} : { as: values.as as string }),
  ...(values.rationale === undefined ? {} : { rationale: values.rationale as string }),
  ...(values['tests-passed'] === undefined ? {} : { testsPassed: values['tests-passed'] as boolean }),
});

const COMPACT_FLAGS = `  --as AGENT          the agent recording it (default ReaperOAK, the decision log's writer)
  --rationale TEXT    the decision's rationale (default: the covered entries' summaries)
  --tests-passed      the decision's tests_passed (default false: a compaction claims no test run)`;

/** `memkit compact DIR`. */
export const compactCommand: Command = {
  name: 'compact',
  help: `Usage: memkit compact DIR [--as AGENT] [--rationale TEXT] [--tests-passed] [--format text|json|sarif]

The Memory Bank's compaction ("session end -> compress to decisionLog.md"): the
activeContext.md entries no compaction covers yet become one decisionLog.md entry.
Its compacts field names them ({ ledger, first, count }) and its diff_hash is the
RFC 9162 root over them, so memkit check verifies the compaction against the
active context (ledger.compaction-mismatch), which is continued, never rewritten.

Options:
${COMPACT_FLAGS}
${ALLOW_SECRET_HELP}
${FORMAT_HELP}

Exit status: 0 compacted (or nothing new), 1 refused (nothing changed), 2 usage error.
`,
  options: compactOptions,
  async run({ values, positionals }, io) {
    const [dirArg, ...extra] = positionals;
    if (dirArg === undefined) throw new UsageError('compact needs the memory DIR');
    if (extra.length > 0) throw new UsageError('too many arguments');
    const root = await existing(io, dirArg, 'directory');
    const compacted = await memoryAt(root, values).compact(compactInput(values));
    return emitWrite(io, values.format as OutputFormat, shown(io, root), compacted, (c) => ({
      text:
        c.decision === undefined
          ? 'nothing to compact: every active-context entry is compacted\n'
          : `compacted entries ${c.first}–${c.first + c.count - 1} into ${String(c.decision.entry.id)} (${c.decision.path})\n`,
      json: { written: c.decision !== undefined, ...c },
    }));
  },
};

/** `memkit session start|end DIR`. */
export const sessionCommand: Command = {
  name: 'session',
  help: `Usage: memkit session start|end DIR [--as AGENT] [--rationale TEXT] [--tests-passed] [--format text|json|sarif]

workflow-state.json is "Reset per session". start writes a fresh active state: a
new session id (SESSION-YYYYMMDD-HHMMSS), the first phase (SPEC), no fix loops, no
blockers. end runs the compaction (memkit compact), then resets the state to idle
(session_id, started_at and current_phase null). The writer policy applies to
--as (the seed's writer of workflow-state.json is ReaperOAK).

Options:
${COMPACT_FLAGS}
${ALLOW_SECRET_HELP}
${FORMAT_HELP}

Exit status: 0 written, 1 refused (nothing changed), 2 usage error.
`,
  options: compactOptions,
  async run({ values, positionals }, io) {
    const [action, dirArg, ...extra] = positionals;
    if (action !== 'start' && action !== 'end') throw new UsageError('the action must be start or end');
    if (dirArg === undefined) throw new UsageError(`session ${action} needs the memory DIR`);
    if (extra.length > 0) throw new UsageError('too many arguments');
    const root = await existing(io, dirArg, 'directory');
    const changed = await memoryAt(root, values).session(action, compactInput(values));
    return emitWrite(io, values.format as OutputFormat, shown(io, root), changed, (s) => ({
      text:
        action === 'start'
          ? `started ${String(s.state.session_id)}: wrote ${s.changed.map((c) => c.path).join(', ')}\n`
          : `ended the session${s.compaction?.decision ? `, compacted into ${String(s.compaction.decision.entry.id)}` : ''}: wrote ${s.changed.map((c) => c.path).join(', ')}\n`,
      json: { written: true, ...s },
    }));
  },
};
