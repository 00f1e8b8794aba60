import { canonicalize } from '../../../kernel/canonical/index.js';
import { type Problem, error, warning } from '../../../kernel/problems/index.js';
import { validate } from '../../../schema/index.js';
import type { TaskIndex, TaskIndexEntry } from '../../../schema/wbs.js';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { nodeCheckSource } from '../../../adapters/node/check-source.js';
import { checkChanges, refusal } from '../../../handle/checked-write.js';
import { parseJson } from '../../../syntax/json.js';
import type { CliIo } from '../io.js';
import type { NodeFiles } from '../../../adapters/node/fs-port.js';
import { acquireLock } from '../../../adapters/node/lock.js';
import { fileNameOf, wbsTask, wbsTaskIndex } from '../../../formats/index.js';
import {
  JOURNAL_FILE,
  type JsonPatchOperation,
  WBS_MEMORY_ROOT,
  applyPlan,
  checkMemoryPath,
  checkWbs,
  completeJournal,
  loadWbs,
  memoryUpdateJson,
  readyTasks,
  rebuildWbsIndex,
  repairPlan,
  rollup,
} from '../../../services/wbs/index.js';
import { type Command, UsageError } from '../command.js';
import { emitReport, type OutputFormat } from '../emit.js';
import { type Report, makeReport } from '../io.js';
import { ALLOW_SECRET_HELP, FORMAT_HELP, absolute, allowSecretOption, allowedSecrets, cliFiles, cliHasher, existing, formatOption, locateInDir, shown } from './shared.js';

const ACTIONS = ['ready', 'rollup', 'rebuild-index', 'repair', 'update'] as const;
const INDEX = WBS_MEMORY_ROOT + fileNameOf(wbsTaskIndex);
/** The index fields the roll-up derives: status (the seed's rule, an error) and progress (memkit's count, a convention: a warning), as in `check`. */
const ROLLED_UP = { status: (t: TaskIndexEntry) => t.status as unknown, progress: (t: TaskIndexEntry) => t.progress ?? null };

/** `memkit wbs ready|rollup|rebuild-index|repair [DIR]`: WBS task memory under DIR/.claude/memory. */
export const wbsCommand: Command = {
  name: 'wbs',
  help: `Usage: memkit wbs <action> [DIR] [--apply] [--leaves] [--format text|json|sarif]
       memkit wbs update FILE --patch -|PATCH [--allow-secret FINGERPRINT] [--format ...]

Works on DIR/.claude/memory (${fileNameOf(wbsTaskIndex)} and tasks/*.json); DIR defaults to .

Actions:
  ready          list unfinished tasks whose dependencies are all done, and
                 what blocks the others (--leaves: tasks without children only)
  rollup         show the statuses and progress the roll-up rule gives the
                 parents, and which differ from the index
  rebuild-index  rebuild ${fileNameOf(wbsTaskIndex)} from tasks/*.json; prints the result
                 and writes it only with --apply
  repair         print the repair plan (JSON Patch per file) for every
                 problem that can be derived; applies it only with --apply
  update         apply an RFC 6902 JSON Patch (standard input with --patch -,
                 or the file PATCH) to the JSON file FILE under .claude/memory/;
                 the result is checked as memkit check would check the WBS
                 memory (a secret in it is secret.detected) and written through
                 FILE.tmp (verify, rename) under the WBS lock, or refused with
                 nothing changed

Options:
  --apply        write the rebuilt index or apply the repair plan (atomic writes)
  --leaves       ready: only tasks without children
  --patch -|PATCH  update: the JSON Patch, from standard input (-) or a file
${ALLOW_SECRET_HELP}
${FORMAT_HELP}

Every action first completes a write that a crash interrupted (a journal
${WBS_MEMORY_ROOT}${JOURNAL_FILE} left by repair --apply): it finishes the
write when all new files were staged, else undoes it, and removes the temps.

Exit status: 0 success (no problems left), 1 problems found, 2 usage error.
`,
  options: { apply: { type: 'boolean' }, leaves: { type: 'boolean' }, patch: { type: 'string' }, 'allow-secret': allowSecretOption, format: formatOption },
  async run({ values, positionals }, io) {
    const [action, dirArg, ...extra] = positionals;
    if (action === undefined || !(ACTIONS as readonly string[]).includes(action)) throw new UsageError(`the action must be one of ${ACTIONS.join(', ')}`);
    if (extra.length > 0) throw new UsageError(action === 'update' ? 'wbs update takes one FILE' : 'wbs takes an action and at most one DIR');
    if (values.apply && action !== 'repair' && action !== 'rebuild-index') throw new UsageError('--apply is for repair and rebuild-index');
    if (values['allow-secret'] !== undefined && action !== 'update') throw new UsageError('--allow-secret is for update');
    if ((values.patch !== undefined) !== (action === 'update')) throw new UsageError('--patch is for update, and update needs --patch - (the JSON Patch on standard input) or --patch PATCH');
    let update: { rel: string; patch: unknown; allow: readonly string[] } | undefined;
    let root = dirArg ?? '.';
    if (action === 'update') {
      if (dirArg === undefined) throw new UsageError('wbs update needs the JSON FILE to patch');
      const target = memoryFileOf(absolute(io, dirArg));
      root = shown(io, target.root);
      update = { rel: target.rel, patch: await readPatch(io, values.patch as string), allow: allowedSecrets(values['allow-secret']) };
    }
    const dir = await existing(io, root, 'directory');
    const files = cliFiles(dir);
    // A report over `checked`, the problems located in their files.
    const emit: Emit = async (checked, problems, extra) => emitReport(io, makeReport(root, checked, await locateInDir(dir, problems)), values.format as OutputFormat, extra);
    // Writers, and the completion of an interrupted write, hold the WBS lock: never two at once.
    const memory = join(dir, '.claude', 'memory');
    const journal = await files.read(WBS_MEMORY_ROOT + JOURNAL_FILE).catch(() => undefined);
    const lock = (values.apply || update !== undefined || journal !== undefined) && existsSync(memory) ? await acquireLock(join(memory, '.wbs.lock')) : undefined;
    if (lock !== undefined && !lock.ok) return emit([], lock.problems);
    try {
      const recovered = await completeJournal(files, { dir: WBS_MEMORY_ROOT, hasher: cliHasher });
      if (!recovered.ok) return emit([], recovered.problems, { text: 'an interrupted write could not be completed\n' });
      const r = recovered.value;
      if (r.action !== 'none')
        io.stderr(
          `completed an interrupted write: ${r.action === 'rolled-forward' ? `renamed ${r.renamed.length} staged file(s) into place` : 'undid it'}; removed ${r.removed.length} temp file(s)\n`,
        );
      if (update !== undefined) return await runUpdate(dir, files, update, emit);
      return await runAction(action, values, files, emit);
    } finally {
      if (lock?.ok) await lock.value.release();
    }
  },
};

type Emit = (checked: Report['checked'], problems: Problem[], extra?: { text?: string; json?: Record<string, unknown> }) => Promise<number>;

/** The directory holding FILE's `.claude/memory/` and FILE's path from it; a FILE outside one is named from its own folder (and refused as outside). */
function memoryFileOf(abs: string): { root: string; rel: string } {
  const parts = abs.split(sep);
  let at = -1;
  for (let i = parts.length - 2; i >= 0 && at < 0; i--) if (parts[i] === '.claude' && parts[i + 1] === 'memory') at = i;
  if (at < 0) return { root: dirname(abs), rel: basename(abs) };
  return { root: parts.slice(0, at).join(sep) || sep, rel: parts.slice(at).join('/') };
}

/** The JSON Patch of `--patch`: standard input (`-`) or a file, parsed as JSON (what it holds is the patch's to judge). */
async function readPatch(io: CliIo, from: string): Promise<unknown> {
  const text = from === '-' ? ((await io.stdin?.()) ?? '') : await readFile(await existing(io, from, 'file'), 'utf8');
  const parsed = parseJson(text);
  if (!parsed.ok) throw new UsageError(`the patch is not JSON (${parsed.problems[0]?.message ?? 'no input'}); give an RFC 6902 JSON Patch, e.g. [{"op":"replace","path":"/status","value":"done"}]`);
  return parsed.value;
}

/** `update`: the patch applied by the seed's memory_update_json, the result checked as `check` checks the WBS memory before it is staged. */
async function runUpdate(dir: string, files: NodeFiles, update: { rel: string; patch: unknown; allow: readonly string[] }, emit: Emit): Promise<number> {
  const { rel } = update;
  const bad = checkMemoryPath(rel);
  if (bad.length > 0) return emit([], bad);
  const source = nodeCheckSource(dir);
  const verify = async (path: string, bytes: Uint8Array): Promise<Problem[]> => {
    const checked = await checkChanges(source, [WBS_MEMORY_ROOT], new Map(), new Map([[path, bytes]]), cliHasher, update.allow);
    return checked.errors.length > 0 ? refusal(checked.errors) : checked.warnings;
  };
  const updated = await memoryUpdateJson(files, rel, update.patch as JsonPatchOperation[], { verify });
  const format = rel === INDEX ? wbsTaskIndex.id : /^\.claude\/memory\/tasks\/[^/]+\.json$/.test(rel) ? wbsTask.id : undefined;
  const checked = format === undefined ? [] : [{ file: rel, format }];
  if (!updated.ok) return emit(checked, updated.problems, { text: 'nothing was written\n', json: { written: false, path: rel } });
  return emit(checked, updated.problems ?? [], { text: `updated ${rel}\n`, json: { written: true, path: rel, value: updated.value } });
}

async function runAction(action: string, values: Record<string, unknown>, files: NodeFiles, emit: Emit): Promise<number> {
  const loaded = await loadWbs(files, WBS_MEMORY_ROOT);
  const checked = [{ file: INDEX, format: wbsTaskIndex.id }, ...Object.keys(loaded.tasks).map((t) => ({ file: WBS_MEMORY_ROOT + t, format: wbsTask.id }))];
  const report = (problems: Problem[], extra?: Parameters<Emit>[2]) => emit(checked, problems, extra);
  if (action === 'rebuild-index') {
    const problems = loaded.problems.filter((p) => p.file !== INDEX);
    const index = rebuildWbsIndex(loaded.tasks);
    const text = JSON.stringify(index, null, 2) + '\n';
    const write = Boolean(values.apply) && problems.length === 0;
    if (write) await files.write(INDEX, new TextEncoder().encode(text));
    const note = values.apply ? (write ? `wrote ${INDEX}\n` : `not written: fix the task files first\n`) : `${text}(not written; run with --apply to write ${INDEX})\n`;
    return report(problems, { text: note, json: { index, written: write } });
  }
  if (loaded.index === undefined) return report(loaded.problems.length ? loaded.problems : [error('wbs.file-missing', `${INDEX} does not exist`, { file: INDEX })]);
  const schema = validate(wbsTaskIndex.id, loaded.index).map((p) => ({ ...p, file: INDEX }));
  if (action === 'ready' || action === 'rollup') {
    if (schema.length > 0) return report([...loaded.problems, ...schema]);
    const index = loaded.index as TaskIndex;
    if (action === 'ready') {
      const work = readyTasks(index, { leavesOnly: Boolean(values.leaves) });
      const text =
        (work.ready.length ? `ready:\n${work.ready.map((id) => `  ${id}`).join('\n')}\n` : 'ready: nothing\n') +
        (work.blocked.length
          ? `blocked:\n${work.blocked.map((b) => `  ${b.id}  waits for ${b.blockedBy.map((x) => `${x.id} (${x.reason === 'missing' ? 'missing' : x.status}${x.via ? ` via ${x.via}` : ''})`).join(', ')}`).join('\n')}\n`
          : '');
      return report(loaded.problems, { text, json: { ready: work.ready, blocked: work.blocked } });
    }
    const rolled = rollup(index);
    const changes: { at: number; id: string; field: keyof typeof ROLLED_UP; from: unknown; to: unknown }[] = [];
    rolled.tasks.forEach((t, at) => {
      for (const [field, of] of Object.entries(ROLLED_UP) as [keyof typeof ROLLED_UP, (t: TaskIndexEntry) => unknown][]) {
        const from = of(index.tasks[at]!);
        if (canonicalize(from) !== canonicalize(of(t))) changes.push({ at, id: t.id, field, from, to: of(t) });
      }
    });
    const text = changes.length
      ? `the roll-up differs from the index:\n${changes.map((c) => `  ${c.id} ${c.field}: ${JSON.stringify(c.from)} -> ${JSON.stringify(c.to)}`).join('\n')}\n(run "memkit wbs repair --apply" to fix)\n`
      : 'the index agrees with the roll-up\n';
    const problems: Problem[] = changes.map((c) =>
      (c.field === 'status' ? error : warning)(
        c.field === 'status' ? 'wbs.rollup-mismatch' : 'wbs.progress-mismatch',
        `${c.id} ${c.field} is ${JSON.stringify(c.from)}; the roll-up gives ${JSON.stringify(c.to)}`,
        { file: INDEX, pointer: `/tasks/${c.at}/${c.field}` },
      ),
    );
    return report([...loaded.problems, ...problems], { text, json: { tasks: rolled.tasks, changes: changes.map(({ at: _, ...c }) => c) } });
  }
  // repair
  const plan = repairPlan(loaded.index, loaded.tasks, { hasher: cliHasher });
  const planText =
    plan.patches.length === 0
      ? 'nothing to repair\n'
      : plan.patches
          .map((p) => `${WBS_MEMORY_ROOT}${p.file}${p.baseHash === null ? ' (new file)' : ''}\n${p.patch.map((op, k) => `  ${JSON.stringify(op)}    fixes ${p.fixes[k]?.code ?? ''}`).join('\n')}`)
          .join('\n') + '\n';
  if (!values.apply) {
    const text = planText + (plan.patches.length ? `(nothing changed; run with --apply to apply ${plan.patches.length} patch${plan.patches.length === 1 ? '' : 'es'})\n` : '');
    return report([...loaded.problems, ...checkWbs(loaded.index, loaded.tasks, { dir: WBS_MEMORY_ROOT })], { text, json: { plan, applied: false } });
  }
  const applied = await applyPlan(plan, files, { dir: WBS_MEMORY_ROOT, hasher: cliHasher });
  if (!applied.ok) return report(applied.problems, { text: planText + 'not applied:\n', json: { plan, applied: false } });
  return report(applied.value.problems, { text: planText + `applied: wrote ${applied.value.written.join(', ') || 'nothing'}\n`, json: { plan, applied: true, written: applied.value.written } });
}
