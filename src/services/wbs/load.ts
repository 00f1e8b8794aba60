import { type Problem, error } from '../../kernel/problems/index.js';
import { messageOf } from '../../kernel/problems/message-of.js';
import type { FilePort } from '../../kernel/file-port.js';
import { type CheckWbsOptions, checkWbs } from '../../formats/wbs/invariants.js';
import { wbsTask, wbsTaskIndex } from '../../formats/index.js';
import { INDEX_FILE, WBS_MEMORY_ROOT, memoryFormatOf, readJsonFile } from './memory-ops.js';
import { isObject, strings } from '../../formats/wbs/model.js';

/** A WBS memory as read from a file port. */
export interface LoadedWbs {
  /** The parsed `task-index.json`, or `undefined` when it is missing or not JSON. */
  index: unknown;
  /** Parsed entity files keyed by path relative to the memory directory (`tasks/1.2.json`). */
  tasks: Record<string, unknown>;
  /** Read and parse problems (missing index, JSON syntax errors). */
  problems: Problem[];
}

/** Reads `task-index.json` and every `tasks/*.json` under `dir` (default `.claude/memory/`); never throws (`wbs.read-failed`). */
export async function loadWbs(files: FilePort, dir = WBS_MEMORY_ROOT): Promise<LoadedWbs> {
  const index = await readJsonFile(files, dir + INDEX_FILE, wbsTaskIndex.id);
  const tasks: Record<string, unknown> = {};
  const problems = [...index.problems];
  let paths: string[];
  try {
    paths = await files.list(`${dir}tasks`);
  } catch (cause) {
    problems.push(error('wbs.read-failed', `${dir}tasks could not be listed: ${messageOf(cause)}`, { file: `${dir}tasks` }));
    paths = [];
  }
  for (const path of paths) {
    const rel = path.slice(dir.length);
    if (memoryFormatOf(rel) !== wbsTask.id) continue;
    const r = await readJsonFile(files, path, wbsTask.id);
    if (r.problems.length > 0) problems.push(...r.problems.map((p) => (p.code === 'input.not-json' ? { ...p, code: 'wbs.entity-not-json' } : p)));
    else Object.defineProperty(tasks, rel, { value: r.value, enumerable: true, writable: true, configurable: true });
  }
  return { index: index.value, tasks, problems };
}

/** A deliverable's path relative to the project root (no `./`, no trailing `/`), or undefined for one that is empty or leads outside it. */
export function deliverablePath(path: string): string | undefined {
  const clean = path.replace(/^\.\//, '').replace(/\/+$/, '');
  return clean === '' || clean.split(/[\\/]/).includes('..') || clean.startsWith('/') ? undefined : clean;
}

/** Whether a path exists through the port: a file, or a directory with files in it. */
async function exists(files: FilePort, path: string): Promise<boolean> {
  const clean = deliverablePath(path);
  if (clean === undefined) return false;
  try {
    if ((await files.read(clean)) !== undefined) return true;
  } catch {
    // a directory, for some ports
  }
  try {
    return (await files.list(clean)).length > 0;
  } catch {
    return false;
  }
}

/** Options for {@link checkWbsFiles}. */
export interface CheckWbsFilesOptions {
  /** The memory directory (default `.claude/memory/`). */
  dir?: string;
  /** Look every deliverable up through the port, relative to its root (default true). */
  deliverables?: boolean;
}

/**
 * Loads a WBS memory through a file port and checks it with {@link checkWbs}, deliverables included (the CLI's check).
 * @example const problems = await checkWbsFiles(nodeFiles('.'))
 */
export async function checkWbsFiles(files: FilePort, options: CheckWbsFilesOptions = {}): Promise<Problem[]> {
  const dir = options.dir ?? WBS_MEMORY_ROOT;
  const loaded = await loadWbs(files, dir);
  if (loaded.index === undefined) return loaded.problems;
  const checkOptions: CheckWbsOptions = { dir };
  if (options.deliverables ?? true) {
    const wanted = new Set<string>();
    const collect = (v: unknown) => {
      if (isObject(v)) for (const d of strings(v, 'deliverables')) wanted.add(d);
    };
    if (isObject(loaded.index) && Array.isArray(loaded.index.tasks)) loaded.index.tasks.forEach(collect);
    Object.values(loaded.tasks).forEach(collect);
    const found = new Set<string>();
    for (const d of wanted) if (await exists(files, d)) found.add(d);
    checkOptions.deliverableExists = (d) => found.has(d);
  }
  return [...loaded.problems, ...checkWbs(loaded.index, loaded.tasks, checkOptions)];
}
