import { type Hasher, jsHasher, sha256Hex } from '../../kernel/canonical/index.js';
import { parseJson } from '../../syntax/json.js';
import { type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { messageOf } from '../../kernel/problems/message-of.js';
import type { FilePort } from '../../kernel/file-port.js';
import { wbsTaskIndex } from '../../formats/index.js';
import { JOURNAL_FILE } from '../../formats/wbs/journal.js';
import { WBS_MAX_BYTES } from '../../formats/wbs/limits.js';
import { WBS_MEMORY_ROOT, memoryFormatOf, readText } from './memory-ops.js';

export { JOURNAL_FILE };

/** One file of a {@link WbsJournal}: where its new bytes are staged and the hashes that tell the states apart. */
interface JournalEntry {
  /** The target, relative to the memory directory: `task-index.json` or `tasks/<id>.json`. */
  file: string;
  /** The staged temp ({@link journalTemp} of `file` and the journal's token). */
  temp: string;
  /** SHA-256 (hex) of the target's bytes before the write; `null` when it did not exist. */
  before: string | null;
  /** SHA-256 (hex) of the new bytes. */
  after: string;
}

/** What `applyPlan` writes before it stages anything, so that {@link completeJournal} can finish a crashed write. */
export interface WbsJournal {
  memkit: 'wbs-journal';
  version: 1;
  /** Random token in every temp name of this write. */
  token: string;
  files: JournalEntry[];
}

/** What {@link completeJournal} did. */
export interface CompletedJournal {
  /** `none`: no journal; `rolled-forward`: the new state is complete; `rolled-back`: the old state is back. */
  action: 'none' | 'rolled-forward' | 'rolled-back';
  /** Targets renamed into place (roll forward), relative to the memory directory. */
  renamed: string[];
  /** Staged temps removed (roll back, or left over), relative to the memory directory. */
  removed: string[];
}

/** Options of {@link completeJournal}. */
export interface CompleteJournalOptions {
  /** The memory directory (default `.claude/memory/`). */
  dir?: string;
  /** SHA-256 implementation (default: the portable JS one). */
  hasher?: Hasher;
}

const TOKEN = /^[0-9a-f]{32}$/;

/**
 * The temp a journal with `token` stages `file` under: hidden, beside it, marked with the token, ending in `.txt`
 * (a memory extension no WBS reader takes for a task file). Recovery renames or removes only such names.
 * @example journalTemp('tasks/1.2.json', '<token>') // 'tasks/.1.2.json.<token>.wbs-tmp.txt'
 */
export function journalTemp(file: string, token: string): string {
  const slash = file.lastIndexOf('/');
  return `${file.slice(0, slash + 1)}.${file.slice(slash + 1)}.${token}.wbs-tmp.txt`;
}

/**
 * Reads a journal's text, refusing anything but a journal memkit writes (marker, version, 32-hex token, WBS targets
 * only, temps named by {@link journalTemp}): a forged or damaged journal never makes recovery touch another file.
 */
function parseJournal(text: string): Result<WbsJournal> {
  const bad = (why: string) => fail([error('wbs.journal-invalid', `${JOURNAL_FILE} ${why}; nothing was changed`, { file: JOURNAL_FILE })]);
  // A journal holds one short entry per file of a plan, and a plan no more files than an index can hold entries.
  const parsed = parseJson(text, { maxLength: WBS_MAX_BYTES[wbsTaskIndex.id] });
  if (!parsed.ok) return bad('is not JSON');
  const j = parsed.value as Partial<WbsJournal> | null;
  if (j === null || typeof j !== 'object' || j.memkit !== 'wbs-journal' || j.version !== 1) return bad('is not a memkit WBS journal (version 1)');
  if (typeof j.token !== 'string' || !TOKEN.test(j.token) || !Array.isArray(j.files)) return bad('has no valid token or file list');
  const seen = new Set<string>();
  for (const e of j.files as unknown[]) {
    const x = e as Partial<JournalEntry> | null;
    if (x === null || typeof x !== 'object' || typeof x.file !== 'string' || memoryFormatOf(x.file) === undefined || x.file.includes('..') || seen.has(x.file))
      return bad('names a file that is not a WBS file');
    seen.add(x.file);
    if (x.temp !== journalTemp(x.file, j.token)) return bad(`names a temp for ${x.file} that memkit did not make`);
    if (!(x.before === null || (typeof x.before === 'string' && /^[0-9a-f]{64}$/.test(x.before))) || typeof x.after !== 'string' || !/^[0-9a-f]{64}$/.test(x.after))
      return bad(`has no valid hashes for ${x.file}`);
  }
  return ok(j as WbsJournal);
}

/**
 * Finishes a write a crash interrupted, from the journal in `dir`: when every target holds its new bytes, or its old
 * ones with the new ones staged, the temps are renamed into place (roll forward); else, when every target holds its
 * old bytes, the temps are removed (roll back); else nothing is touched (`wbs.journal-conflict`). The journal goes
 * last. Never rejects (`wbs.write-failed`, `wbs.read-failed`, journal kept). It cannot tell a crashed writer's
 * journal from a running one's: callers in several processes hold a lock (the CLI's `.claude/memory/.wbs.lock`).
 * @example const done = await completeJournal(memoryFiles()); // { action: 'none', ... } when there is none
 */
export async function completeJournal(files: FilePort, options: CompleteJournalOptions = {}): Promise<Result<CompletedJournal>> {
  const dir = options.dir ?? WBS_MEMORY_ROOT;
  const hasher = options.hasher ?? jsHasher;
  const journalPath = dir + JOURNAL_FILE;
  const hash = async (path: string): Promise<string | null> => {
    const bytes = await files.read(dir + path);
    return bytes === undefined ? null : sha256Hex(bytes, hasher);
  };
  const states: { e: JournalEntry; target: string | null; temp: string | null }[] = [];
  try {
    const read = await readText(files, journalPath);
    if (read.problems[0]?.code === 'wbs.file-missing') return ok({ action: 'none', renamed: [], removed: [] });
    if (read.problems[0]?.code === 'wbs.read-failed') return fail(read.problems);
    const parsed = parseJournal(read.text ?? '');
    if (!parsed.ok) return fail(parsed.problems.map((p) => ({ ...p, file: journalPath })));
    for (const e of parsed.value.files) states.push({ e, target: await hash(e.file), temp: await hash(e.temp) });
  } catch (cause) {
    return fail([error('wbs.read-failed', `the journal or a file it names could not be read: ${messageOf(cause)}; nothing was changed`, { file: journalPath })]);
  }
  const forward = states.every((s) => s.target === s.e.after || (s.target === s.e.before && s.temp === s.e.after));
  const back = !forward && states.every((s) => s.target === s.e.before || (s.target === s.e.after && s.e.before === s.e.after));
  if (!forward && !back) {
    const s = states.find((x) => x.target !== x.e.before && x.target !== x.e.after) ?? states.find((x) => x.target !== x.e.after && x.temp !== x.e.after)!;
    return fail([
      error('wbs.journal-conflict', `${dir}${s.e.file} is neither as before the interrupted write nor as after it, and its new bytes are not all staged; the journal ${journalPath} was kept`, {
        file: dir + s.e.file,
      }),
    ]);
  }
  const out: CompletedJournal = { action: forward ? 'rolled-forward' : 'rolled-back', renamed: [], removed: [] };
  try {
    for (const s of states) {
      if (forward && s.target !== s.e.after) {
        await files.rename(dir + s.e.temp, dir + s.e.file);
        out.renamed.push(s.e.file);
      } else if (s.temp !== null) {
        await files.remove(dir + s.e.temp);
        out.removed.push(s.e.temp);
      }
    }
    await files.remove(journalPath);
  } catch (cause) {
    return fail([error('wbs.write-failed', `completing the interrupted write failed: ${messageOf(cause)}; the journal ${journalPath} was kept and the next run retries`, { file: journalPath })]);
  }
  return ok(out);
}
