import { randomToken, sameBytes } from '../../kernel/canonical/bytes.js';
import { type Hasher, hashJson, jsHasher, sha256Hex } from '../../kernel/canonical/index.js';
import { type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { messageOf } from '../../kernel/problems/message-of.js';
import { validate } from '../../schema/validate.js';
import type { FilePort } from '../../kernel/file-port.js';
import { wbsTask } from '../../formats/index.js';
import { type CompletedJournal, JOURNAL_FILE, type WbsJournal, completeJournal, journalTemp } from './journal.js';
import { applyJsonPatch } from './json-patch.js';
import { checkWbsFiles } from './load.js';
import { WBS_MEMORY_ROOT, memoryFormatOf, readJsonFile, stage } from './memory-ops.js';
import type { RepairPlan } from './repair-plan.js';

/** The steps of {@link applyPlan}'s write: journal written, k-th temp staged (written and read back), k-th temp renamed into place, journal removed. */
export type ApplyStep = 'journal-written' | 'staged' | 'renamed' | 'journal-removed';

/** Options for {@link applyPlan}. */
export interface ApplyPlanOptions {
  /** The memory directory the plan's files are relative to (default `.claude/memory/`). */
  dir?: string;
  /** Hasher used to compare `baseHash` and for the journal's hashes (default: the portable JS SHA-256). */
  hasher?: Hasher;
  /** The random token of the write's temp names (default: 128 random bits as hex). */
  newToken?: () => string;
  /** Called after each step (`k` counts staged and renamed files from 1); crash tests stop the process there. */
  onStep?: (step: ApplyStep, k: number) => void;
}

/** What {@link applyPlan} did. */
export interface AppliedPlan {
  /** Paths written (through the port), in plan order. */
  written: string[];
  /** `checkWbs` of the files as re-read after the write. */
  problems: Problem[];
  /** What was done first with a journal an interrupted write had left. */
  recovered: CompletedJournal;
}

const enc = new TextEncoder();
const keyOf = (p: Problem) => `${p.code}\u0000${p.pointer ?? ''}`;

/**
 * Applies a repair plan all or nothing: a crash at any point leaves the old files, the new files, or a journal the
 * next call completes ({@link completeJournal}, run first). Each file must still have the plan's `baseHash`
 * (`wbs.plan-stale`) and may gain no schema problem from its patch. The journal (every target, its temp, the hashes
 * of its old and new bytes) is written, the new files are staged in temps and read back, the targets are checked
 * unchanged once more, the temps renamed into place (replaced files restored if a rename fails) and the journal
 * removed; then the memory is re-checked. Never rejects: a failing port is `wbs.read-failed`, `wbs.write-failed` or
 * `wbs.verify-failed`, with nothing changed.
 * @example
 * declare const files: FilePort;
 * const { index, tasks } = await loadWbs(files);
 * const done = await applyPlan(repairPlan(index, tasks), files);
 * if (done.ok) console.log(done.value.problems); // what is left
 */
export async function applyPlan(plan: RepairPlan, files: FilePort, options: ApplyPlanOptions = {}): Promise<Result<AppliedPlan>> {
  const dir = options.dir ?? WBS_MEMORY_ROOT;
  const hasher = options.hasher ?? jsHasher;
  const recovered = await completeJournal(files, { dir, hasher });
  if (!recovered.ok) return recovered;
  const staged: Staged[] = [];

  for (const fp of plan.patches) {
    const path = dir + fp.file;
    const format = memoryFormatOf(fp.file);
    const read = await readJsonFile(files, path, format ?? wbsTask.id);
    const [why] = read.problems;
    if (why?.code === 'wbs.read-failed') return fail([{ ...why, message: `${why.message}; nothing was changed` }]);
    if (why !== undefined && why.code !== 'wbs.file-missing') return fail([error('wbs.plan-stale', `${path} is no longer JSON text (${why.code})`, { file: path })]);
    const { bytes: original, value: base } = read;
    const current = original === undefined ? null : hashJson(base, options.hasher);
    if (current !== fp.baseHash)
      return fail([error('wbs.plan-stale', `${path} ${original === undefined ? 'does not exist' : fp.baseHash === null ? 'already exists' : 'changed'} since the plan was made`, { file: path })]);
    const patched = applyJsonPatch(base, fp.patch);
    if (!patched.ok) return fail(patched.problems.map((p) => ({ ...p, code: 'wbs.plan-invalid', file: path })));
    if (format !== undefined) {
      const before = new Set(original === undefined ? [] : validate(format, base, { maxProblems: Number.MAX_SAFE_INTEGER }).map(keyOf));
      const added = validate(format, patched.value, { maxProblems: Number.MAX_SAFE_INTEGER }).filter((p) => p.severity === 'error' && !before.has(keyOf(p)));
      if (added.length > 0) return fail(added.map((p) => ({ ...p, code: 'wbs.plan-invalid', message: `the patched file would be invalid: ${p.code}: ${p.message}`, file: path })));
    }
    staged.push({ file: fp.file, path, original, bytes: enc.encode(JSON.stringify(patched.value, null, 2) + '\n') });
  }

  if (staged.length > 0) {
    const written = await write(staged, files, dir, hasher, (options.newToken ?? randomToken)(), options.onStep ?? (() => undefined));
    if (written !== undefined) return fail([written]);
  }
  const problems = await checkWbsFiles(files, { dir, deliverables: false });
  return ok({ written: staged.map((s) => s.path), problems, recovered: recovered.value });
}

type Staged = { file: string; path: string; original: Uint8Array | undefined; bytes: Uint8Array };

/** The journaled write: journal, temps, renames, journal removed. Returns the problem on failure. */
async function write(staged: Staged[], files: FilePort, dir: string, hasher: Hasher, token: string, step: NonNullable<ApplyPlanOptions['onStep']>): Promise<Problem | undefined> {
  const journal: WbsJournal = {
    memkit: 'wbs-journal',
    version: 1,
    token,
    files: staged.map((s) => ({ file: s.file, temp: journalTemp(s.file, token), before: s.original === undefined ? null : sha256Hex(s.original, hasher), after: sha256Hex(s.bytes, hasher) })),
  };
  const journalPath = dir + JOURNAL_FILE;
  const temp = (k: number) => dir + journal.files[k]!.temp;
  // Temps first, the journal last: a crash in between leaves a journal whose completion rolls back.
  const undoStaging = async () => {
    for (let k = 0; k < staged.length; k++) await files.remove(temp(k)).catch(() => undefined);
    await files.remove(journalPath).catch(() => undefined);
  };
  try {
    await files.write(journalPath, enc.encode(JSON.stringify(journal, null, 2) + '\n'));
  } catch (cause) {
    await files.remove(journalPath).catch(() => undefined);
    return error('wbs.write-failed', `the journal could not be written: ${messageOf(cause)}; nothing was changed`, { file: journalPath });
  }
  step('journal-written', 0);

  // Phase 1: temp files, read back and compared. Nothing visible has changed yet.
  try {
    for (let k = 0; k < staged.length; k++) {
      const s = staged[k]!;
      if (!(await stage(files, temp(k), s.bytes))) {
        await undoStaging();
        return error('wbs.verify-failed', `${temp(k)} did not read back as written; nothing was changed`, { file: s.path });
      }
      step('staged', k + 1);
    }
  } catch (cause) {
    await undoStaging();
    return error('wbs.write-failed', `staging failed: ${messageOf(cause)}; nothing was changed`);
  }

  // Each target as the plan found it, right before the first rename: a writer that takes no lock
  // (an editor) and changed a file since it was read loses nothing.
  try {
    for (const s of staged) {
      if (!sameBytes(await files.read(s.path), s.original)) {
        await undoStaging();
        return error('wbs.plan-stale', `${s.path} changed while the write was being staged; nothing was changed`, { file: s.path });
      }
    }
  } catch (cause) {
    await undoStaging();
    return error('wbs.read-failed', `${messageOf(cause)}; nothing was changed`);
  }

  // Phase 2: renames; on failure, put back what was replaced.
  let done = 0;
  try {
    for (let k = 0; k < staged.length; k++) {
      await files.rename(temp(k), staged[k]!.path);
      done++;
      step('renamed', done);
    }
  } catch (cause) {
    let restored = true;
    for (const s of staged.slice(0, done)) {
      try {
        if (s.original === undefined) await files.remove(s.path);
        else await files.write(s.path, s.original);
      } catch {
        restored = false;
      }
    }
    if (!restored)
      return error('wbs.write-failed', `renaming failed: ${messageOf(cause)}, and so did restoring a replaced file; the journal ${journalPath} was kept for the next run`, { file: journalPath });
    await undoStaging();
    return error('wbs.write-failed', `renaming failed: ${messageOf(cause)}; replaced files were restored`);
  }
  // Every target holds its new bytes: a journal that stays behind is completed trivially next time.
  await files.remove(journalPath).catch(() => undefined);
  step('journal-removed', 0);
  return undefined;
}
