import { type Hasher, hashJson } from '../canonical/index.js';
import { type Problem, type Result, error, fail, ok } from '../problems/index.js';
import { messageOf } from '../problems/message-of.js';
import { validate } from '../schemas/validate.js';
import type { FilePort } from '../store/file-port.js';
import { checkWbs } from './check.js';
import { applyJsonPatch } from './json-patch.js';
import { parseWbsJson } from './limits.js';
import { loadWbs } from './load.js';
import { MEMORY_ROOT, memoryFormatOf } from './memory-ops.js';
import type { RepairPlan } from './repair-plan.js';

/** Options for {@link applyPlan}. */
export interface ApplyPlanOptions {
  /** The memory directory the plan's files are relative to (default `.claude/memory/`). */
  dir?: string;
  /** Hasher used to compare `baseHash` (default: the portable JS SHA-256). */
  hasher?: Hasher;
}

/** What {@link applyPlan} did. */
export interface AppliedPlan {
  /** Paths written (through the port), in plan order. */
  written: string[];
  /** `checkWbs` of the files as re-read after the write. */
  problems: Problem[];
}

const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { fatal: true });
const keyOf = (p: Problem) => `${p.code}\u0000${p.pointer ?? ''}`;

/**
 * Applies a repair plan all or nothing: every file is checked against the
 * plan's `baseHash` (`wbs.plan-stale` when it changed), patched in memory and
 * re-validated (a patch may not add schema problems), written to `file.tmp`
 * and read back, and only then renamed into place. If a rename fails, files
 * already replaced are restored. Finally the memory is re-read and re-checked.
 * Never rejects: a port that fails is a problem (`wbs.read-failed` before
 * anything is written, `wbs.write-failed` or `wbs.verify-failed` while
 * writing, with nothing changed; a read that fails in the re-check is one of
 * the returned `problems`, after the plan was applied).
 * @example
 * const done = await applyPlan(repairPlan(index, tasks), files);
 * if (done.ok) console.log(done.value.problems); // what is left
 */
export async function applyPlan(plan: RepairPlan, files: FilePort, options: ApplyPlanOptions = {}): Promise<Result<AppliedPlan>> {
  const dir = options.dir ?? MEMORY_ROOT;
  const staged: { path: string; original: Uint8Array | undefined; bytes: Uint8Array }[] = [];

  for (const fp of plan.patches) {
    const path = dir + fp.file;
    let original: Uint8Array | undefined;
    try {
      original = await files.read(path);
    } catch (cause) {
      return fail([error('wbs.read-failed', `${path} could not be read: ${messageOf(cause)}; nothing was changed`, { file: path })]);
    }
    let base: unknown;
    if (original !== undefined) {
      let text: string;
      try {
        text = dec.decode(original);
      } catch {
        return fail([error('wbs.plan-stale', `${path} is no longer UTF-8 text`, { file: path })]);
      }
      const parsed = parseWbsJson(text, memoryFormatOf(fp.file) ?? 'wbs-task', original.length);
      if (!parsed.ok) return fail([error('wbs.plan-stale', `${path} no longer parses as JSON`, { file: path })]);
      base = parsed.value;
    }
    const current = original === undefined ? null : hashJson(base, options.hasher);
    if (current !== fp.baseHash) return fail([error('wbs.plan-stale', `${path} ${original === undefined ? 'does not exist' : fp.baseHash === null ? 'already exists' : 'changed'} since the plan was made`, { file: path })]);
    const patched = applyJsonPatch(base, fp.patch);
    if (!patched.ok) return fail(patched.problems.map((p) => ({ ...p, code: 'wbs.plan-invalid', file: path })));
    const format = memoryFormatOf(fp.file);
    if (format !== undefined) {
      const before = new Set(original === undefined ? [] : validate(format, base, { maxProblems: Number.MAX_SAFE_INTEGER }).map(keyOf));
      const added = validate(format, patched.value, { maxProblems: Number.MAX_SAFE_INTEGER }).filter((p) => p.severity === 'error' && !before.has(keyOf(p)));
      if (added.length > 0) return fail(added.map((p) => ({ ...p, code: 'wbs.plan-invalid', message: `the patched file would be invalid: ${p.code}: ${p.message}`, file: path })));
    }
    staged.push({ path, original, bytes: enc.encode(JSON.stringify(patched.value, null, 2) + '\n') });
  }

  // Phase 1: temp files, read back and compared. Nothing visible has changed yet.
  const removeTemps = async () => {
    for (const s of staged) await files.remove(s.path + '.tmp').catch(() => undefined);
  };
  try {
    for (const s of staged) {
      await files.write(s.path + '.tmp', s.bytes);
      const back = await files.read(s.path + '.tmp');
      if (back === undefined || back.length !== s.bytes.length || back.some((b, i) => b !== s.bytes[i])) {
        await removeTemps();
        return fail([error('wbs.verify-failed', `${s.path}.tmp did not read back as written; nothing was changed`, { file: s.path })]);
      }
    }
  } catch (cause) {
    await removeTemps();
    return fail([error('wbs.write-failed', `staging failed: ${messageOf(cause)}; nothing was changed`)]);
  }

  // Phase 2: renames; on failure, put back what was replaced.
  let done = 0;
  try {
    for (const s of staged) {
      await files.rename(s.path + '.tmp', s.path);
      done++;
    }
  } catch (cause) {
    for (const s of staged.slice(0, done)) {
      if (s.original === undefined) await files.remove(s.path).catch(() => undefined);
      else await files.write(s.path, s.original).catch(() => undefined);
    }
    await removeTemps();
    return fail([error('wbs.write-failed', `renaming failed: ${messageOf(cause)}; replaced files were restored`)]);
  }

  const loaded = await loadWbs(files, dir);
  const problems = loaded.index === undefined ? loaded.problems : [...loaded.problems, ...checkWbs(loaded.index, loaded.tasks, { dir })];
  return ok({ written: staged.map((s) => s.path), problems });
}
