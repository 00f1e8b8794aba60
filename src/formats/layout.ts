/**
 * Where memory lives: the location facts the format matchers share. A path
 * is relative to the checked root, with `/` separators.
 *
 * A memory bank is a directory, not a file name: a file named `progress.md`
 * or `decisionLog.md` is a memory bank file only inside a bank. A directory
 * is a bank when it is named `memory-bank`, or when it holds at least two of
 * the bank's file names (its files vouch for each other). A lone
 * `docs/progress.md` is prose, not a bank's progress table, and a human
 * `README.md` is never a memory file.
 */

/** The memory bank's file names and their format ids. */
export const MEMORY_BANK_FILES = Object.freeze({
  'systemPatterns.md': 'system-patterns',
  'productContext.md': 'product-context',
  'activeContext.md': 'active-context',
  'decisionLog.md': 'decision-log',
  'progress.md': 'progress',
  'riskRegister.md': 'risk-register',
  'workflow-state.json': 'workflow-state',
  'artifacts-manifest.json': 'artifacts-manifest',
  'feedback-log.md': 'feedback-log',
} as const);

/** Names that mark a directory as a bank: the bank files plus the prose layout's own core files. */
const BANK_MARKERS: ReadonlySet<string> = new Set([...Object.keys(MEMORY_BANK_FILES), 'projectbrief.md', 'techContext.md']);

/** How many marker files make an unnamed directory a bank. */
const BANK_MIN_MARKERS = 2;

/** The conventional name of a memory bank directory. */
export const MEMORY_BANK_DIR = 'memory-bank';

/** Location facts a matcher may need beyond the path itself. */
export interface Layout {
  /** True when the directory (relative path, `''` for the root) is a memory bank. */
  isBankDir(dir: string): boolean;
}

/** The directory part of a path (`''` at the root). */
export function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** The last segment of a path. */
export function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export { isReadme } from '../store/doc-file.js';

const insideThunderusMemory = (path: string) => /(^|\/)\.thunderus\/memory\//.test(path);

/** True when `dir` is named `memory-bank`: a bank wherever it is. */
export function isNamedBankDir(dir: string): boolean {
  return baseOf(dir) === MEMORY_BANK_DIR;
}

/**
 * The layout known from one path alone: only directories named
 * `memory-bank` are banks. Used where the sibling files are not known.
 */
export const PATH_ONLY_LAYOUT: Layout = Object.freeze({ isBankDir: isNamedBankDir });

/**
 * The layout of a listing: a directory is a bank when it is named
 * `memory-bank` or holds at least two memory bank file names (the prose
 * layout's `projectbrief.md` and `techContext.md` count too). Directories
 * under `.thunderus/memory/` hold memory docs, so only a named bank counts there.
 * @example
 * layoutOf(['docs/progress.md']).isBankDir('docs') // false
 * layoutOf(['bank/progress.md', 'bank/activeContext.md']).isBankDir('bank') // true
 */
export function layoutOf(paths: Iterable<string>): Layout {
  const markers = new Map<string, number>();
  for (const p of paths) {
    if (!BANK_MARKERS.has(baseOf(p)) || insideThunderusMemory(p)) continue;
    const d = dirOf(p);
    markers.set(d, (markers.get(d) ?? 0) + 1);
  }
  const banks = new Set<string>();
  for (const [d, n] of markers) if (n >= BANK_MIN_MARKERS) banks.add(d);
  return { isBankDir: (dir) => isNamedBankDir(dir) || banks.has(dir) };
}

/** True when `path` is the memory bank file named `name` inside a bank directory. */
export function isBankFile(path: string, name: keyof typeof MEMORY_BANK_FILES, layout: Layout): boolean {
  return baseOf(path) === name && layout.isBankDir(dirOf(path));
}

/** The matcher of one memory bank file: its name, inside a bank directory. */
export function inBank(name: keyof typeof MEMORY_BANK_FILES): (path: string, layout: Layout) => boolean {
  return (path, layout) => isBankFile(path, name, layout);
}

/**
 * True when a path is at or inside a directory where memory formats live by
 * location (`memory-bank`, `.thunderus`, `.claude`): a link there that leaves
 * the tree hides memory.
 */
export function isMemoryLocation(path: string): boolean {
  return /(^|\/)(memory-bank|\.thunderus|\.claude)(\/|$)/.test(path);
}

/**
 * The memory bank format a file name gives, by name alone: for a file the
 * user names explicitly (`memkit verify memory-bank/decisionLog.md`), not
 * for discovery, which also needs the file to be inside a bank.
 * @example bankFormatOfName('x/decisionLog.md') // 'decision-log'
 */
export function bankFormatOfName(path: string): (typeof MEMORY_BANK_FILES)[keyof typeof MEMORY_BANK_FILES] | undefined {
  const base = baseOf(path);
  return Object.hasOwn(MEMORY_BANK_FILES, base) ? MEMORY_BANK_FILES[base as keyof typeof MEMORY_BANK_FILES] : undefined;
}
