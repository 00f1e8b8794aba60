import { FORMAT_MODULES } from '../../formats/index.js';
import { type Problem, error, warning } from '../../kernel/problems/index.js';
import type { GitRunner } from './runner.js';

/** The merge driver's name in `.gitattributes` (`merge=memkit`) and in git config (`merge.memkit.*`). */
export const MERGE_DRIVER_NAME = 'memkit';

/** What git config's `merge.memkit.driver` holds after the command that runs memkit. */
const DRIVER_ARGS = ' merge-driver %O %A %B %P';

const MARK = '# memkit: memory files merge with the memkit merge driver (memkit git setup)';

/**
 * The `.gitattributes` patterns of every memory file with a fixed name (each
 * format module's `gitPattern`). A thread store has none: pass its
 * {@link attributePattern} in `extra`.
 */
export const MEMORY_ATTRIBUTE_PATTERNS: readonly string[] = Object.freeze(FORMAT_MODULES.flatMap((f) => (f.gitPattern === undefined ? [] : [f.gitPattern])));

const line = (pattern: string) => `${pattern} merge=${MERGE_DRIVER_NAME}`;

/** The patterns (the fixed ones and `extra`) that `.gitattributes` text does not route to the driver yet (a line `PATTERN merge=memkit`). */
export function missingAttributes(text: string, extra: readonly string[] = []): string[] {
  const have = new Set(text.split(/\r?\n/).map((l) => l.trim().replace(/\s+/g, ' ')));
  return [...MEMORY_ATTRIBUTE_PATTERNS, ...extra].filter((p) => !have.has(line(p)));
}

/**
 * The `.gitattributes` pattern of one file, anchored with a leading `/`: a
 * space or tab as `[[:space:]]`, `*`, `?`, `[` and `\\` escaped. `undefined`
 * for a path no pattern line can name (a control character, a `..` segment).
 * @example attributePattern('threads/my store.json') // '/threads/my[[:space:]]store.json'
 */
export function attributePattern(path: string): string | undefined {
  const clean = path.replace(/^\/+/, '');
  if (clean === '' || /[\u0000-\u0008\u000a-\u001f\u007f]/.test(clean) || clean.split('/').includes('..')) return undefined;
  return `/${clean.replace(/[*?[\\]/g, '\\$&').replace(/[ \t]/g, '[[:space:]]')}`;
}

/** `.gitattributes` text with the missing memkit lines appended (the same text when none is missing: idempotent). */
export function withAttributes(text: string, extra: readonly string[] = []): string {
  const missing = missingAttributes(text, extra);
  if (missing.length === 0) return text;
  const head = text === '' || text.endsWith('\n') ? text : `${text}\n`;
  const mark = text.includes(MARK) ? '' : `${head === '' ? '' : '\n'}${MARK}\n`;
  return `${head}${mark}${missing.map((p) => `${line(p)}\n`).join('')}`;
}

/**
 * The git config entries that register the driver (`%O %A %B %P`: ancestor,
 * ours, theirs, path); `command` is how git's shell runs memkit, e.g.
 * `'/usr/bin/node' '/repo/node_modules/memkit/dist/cli/main.js'`.
 */
export function driverConfig(command: string): [key: string, value: string][] {
  return [
    [`merge.${MERGE_DRIVER_NAME}.name`, 'memkit: merge memory ledgers, events and indexes'],
    [`merge.${MERGE_DRIVER_NAME}.driver`, `${command}${DRIVER_ARGS}`],
  ];
}

/**
 * Runs `command merge-driver --help` the way git runs a merge driver (a
 * one-off git alias: git's shell, the top of the work tree): a
 * `git.driver-not-runnable` error unless it prints memkit's merge-driver help.
 * @example await probeDriver(nodeGitRunner(process.cwd()), "'/usr/bin/node' '/opt/memkit/dist/cli/main.js'") // []
 */
export async function probeDriver(git: GitRunner, command: string): Promise<Problem[]> {
  const r = await git.run(['-c', `alias.memkit-driver-probe=!${command} merge-driver --help`, 'memkit-driver-probe']);
  const out = new TextDecoder().decode(r.stdout);
  if (r.code === 0 && out.includes('memkit merge-driver')) return [];
  const why =
    r.code === null ? 'it did not finish' : r.code !== 0 ? `it exited with ${r.code}${whyLine(r.stderr) === '' ? '' : `: ${whyLine(r.stderr)}`}` : 'it ran, but is not memkit (no merge-driver help)';
  return [error('git.driver-not-runnable', `the merge driver command ${JSON.stringify(command)} does not run here (${why}): every merge of a memory file would become a conflict`)];
}

/** The line of a failed command's stderr that says why: the first naming an error, else the last. */
function whyLine(text: string): string {
  const lines = text.split('\n').flatMap((l) => (l.trim() === '' ? [] : [l.trim()]));
  return (lines.find((l) => /error|not found|cannot|no such/i.test(l)) ?? lines.pop() ?? '').slice(0, 300);
}

/**
 * What is missing for memory files to merge with the driver: `.gitattributes`
 * lines (its text, `''` when absent) or the git config entry (a
 * `git.not-set-up` warning each), or a registered command that does not run
 * ({@link probeDriver}).
 */
export async function checkSetup(git: GitRunner, attributes: string, file = '.gitattributes', extra: readonly string[] = []): Promise<Problem[]> {
  const problems: Problem[] = [];
  const missing = missingAttributes(attributes, extra);
  if (missing.length > 0) problems.push(warning('git.not-set-up', `${file} does not route ${missing.join(', ')} to the memkit merge driver`, { file }));
  const r = await git.run(['config', '--get', `merge.${MERGE_DRIVER_NAME}.driver`]);
  const value = new TextDecoder().decode(r.stdout).trim();
  if (r.code !== 0 || !value.endsWith(DRIVER_ARGS) || value.length === DRIVER_ARGS.length)
    problems.push(warning('git.not-set-up', `git config has no merge.${MERGE_DRIVER_NAME}.driver running "memkit merge-driver %O %A %B %P"`));
  else problems.push(...(await probeDriver(git, value.slice(0, -DRIVER_ARGS.length))));
  return problems;
}

/** Registers the driver in the repository's git config (`--local`), once {@link probeDriver} ran the command. */
export async function configureDriver(git: GitRunner, command: string): Promise<Problem[]> {
  const probe = await probeDriver(git, command);
  if (probe.length > 0) return probe;
  for (const [key, value] of driverConfig(command)) {
    const r = await git.run(['config', '--local', key, value]);
    if (r.code !== 0) return [warning('git.not-set-up', `git config --local ${key} failed: ${r.stderr.trim()}`)];
  }
  return [];
}
