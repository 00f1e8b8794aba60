import { type Problem, warning } from '../problems/index.js';
import type { GitRunner } from './runner.js';

/** The merge driver's name in `.gitattributes` (`merge=memkit`) and in git config (`merge.memkit.*`). */
export const MERGE_DRIVER_NAME = 'memkit';

/** The memkit command the driver runs by default (the package's own bin, as installed in the project). */
export const DEFAULT_MEMKIT_COMMAND = 'npx --no-install memkit';

const MARK = '# memkit: memory files merge with the memkit merge driver (memkit git setup)';

/**
 * The `.gitattributes` patterns of every memory file with a fixed name:
 * ledgers, `events.jsonl`, the rest of the memory bank, the WBS index and
 * task files, the memory manifest. A thread store has no fixed name: pass
 * its path, as {@link attributePattern} writes it, in `extra`.
 */
export const MEMORY_ATTRIBUTE_PATTERNS: readonly string[] = [
  'decisionLog.md',
  'riskRegister.md',
  'productContext.md',
  'activeContext.md',
  'feedback-log.md',
  'systemPatterns.md',
  'progress.md',
  'workflow-state.json',
  'artifacts-manifest.json',
  'events.jsonl',
  '**/.claude/memory/task-index.json',
  '**/.claude/memory/tasks/*.json',
  '**/.thunderus/memory/indexes/manifest.json',
];

const line = (pattern: string) => `${pattern} merge=${MERGE_DRIVER_NAME}`;

/**
 * The patterns `.gitattributes` text does not route to the driver yet (a
 * line `PATTERN merge=memkit`): the fixed ones and `extra` (e.g. the paths of
 * thread stores, `/threads/store.json`).
 */
export function missingAttributes(text: string, extra: readonly string[] = []): string[] {
  const have = new Set(text.split(/\r?\n/).map((l) => l.trim().replace(/\s+/g, ' ')));
  return [...MEMORY_ATTRIBUTE_PATTERNS, ...extra].filter((p) => !have.has(line(p)));
}

/**
 * The `.gitattributes` pattern of one file (relative to the directory of
 * `.gitattributes`, anchored with a leading `/`), or `undefined` for a path
 * with characters a pattern would read specially (spaces, wildcards,
 * quotes): name such a file by hand.
 */
export function attributePattern(path: string): string | undefined {
  return /^[A-Za-z0-9._\-/]+$/.test(path) && !path.split('/').includes('..') ? `/${path.replace(/^\/+/, '')}` : undefined;
}

/** `.gitattributes` text with the missing memkit lines appended (the same text when none is missing: idempotent). */
export function withAttributes(text: string, extra: readonly string[] = []): string {
  const missing = missingAttributes(text, extra);
  if (missing.length === 0) return text;
  const head = text === '' || text.endsWith('\n') ? text : `${text}\n`;
  const mark = text.includes(MARK) ? '' : `${head === '' ? '' : '\n'}${MARK}\n`;
  return `${head}${mark}${missing.map((p) => `${line(p)}\n`).join('')}`;
}

/** The git config entries that register the driver (`%O %A %B %P`: ancestor, ours, theirs, path). */
export function driverConfig(command: string = DEFAULT_MEMKIT_COMMAND): [key: string, value: string][] {
  return [
    [`merge.${MERGE_DRIVER_NAME}.name`, 'memkit: merge memory ledgers, events and indexes'],
    [`merge.${MERGE_DRIVER_NAME}.driver`, `${command} merge-driver %O %A %B %P`],
  ];
}

/**
 * What is missing for memory files to merge with the driver: `.gitattributes`
 * lines (given its text, `''` when absent) and the git config entry
 * `merge.memkit.driver`. One `git.not-set-up` warning per missing piece.
 */
export async function checkSetup(git: GitRunner, attributes: string, file = '.gitattributes', extra: readonly string[] = []): Promise<Problem[]> {
  const problems: Problem[] = [];
  const missing = missingAttributes(attributes, extra);
  if (missing.length > 0) problems.push(warning('git.not-set-up', `${file} does not route ${missing.join(', ')} to the memkit merge driver`, { file }));
  const r = await git.run(['config', '--get', `merge.${MERGE_DRIVER_NAME}.driver`]);
  const value = new TextDecoder().decode(r.stdout).trim();
  if (r.code !== 0 || !/ merge-driver %O %A %B %P$/.test(value))
    problems.push(warning('git.not-set-up', `git config has no merge.${MERGE_DRIVER_NAME}.driver running "memkit merge-driver %O %A %B %P"`));
  return problems;
}

/** Registers the driver in the repository's git config (`git config --local`, never the global one). */
export async function configureDriver(git: GitRunner, command?: string): Promise<Problem[]> {
  for (const [key, value] of driverConfig(command)) {
    const r = await git.run(['config', '--local', key, value]);
    if (r.code !== 0) return [warning('git.not-set-up', `git config --local ${key} failed: ${r.stderr.trim()}`)];
  }
  return [];
}
