/**
 * Where memory lives: the location facts the format matchers share (paths relative to the root, `/`-separated).
 * A bank is a directory named `memory-bank` or holding two of the bank's file names; a lone `docs/progress.md` is prose.
 */

/** The conventional name of a memory bank directory. */
export const MEMORY_BANK_DIR = 'memory-bank';

/** Location facts a matcher may need beyond the path itself. */
export interface Layout {
  /** True when the directory (relative path, `''` for the root) is a memory bank. */
  isBankDir(dir: string): boolean;
  /** True when the path is a memory bank file (a bank format's file name) inside a bank directory. */
  isBankFile(path: string): boolean;
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

/** True when a path lies under `.thunderus/memory/`, where memory docs live. */
export const insideThunderusMemory = (path: string): boolean => /(^|\/)\.thunderus\/memory\//.test(path);

/** True for a human README (`README.md`, `readme.markdown`, `README`): never a memory file. */
export function isReadme(path: string): boolean {
  return /^readme(\.[a-z]+)?$/i.test(baseOf(path));
}

/** True when `dir` is named `memory-bank`: a bank wherever it is. */
export function isNamedBankDir(dir: string): boolean {
  return baseOf(dir) === MEMORY_BANK_DIR;
}

/** The matcher of one memory bank file: its name, inside a bank directory. */
export function inBank(name: string): (path: string, layout: Layout) => boolean {
  return (path, layout) => baseOf(path) === name && layout.isBankDir(dirOf(path));
}

/** True when a path is at or inside a directory where memory lives by location: a link there that leaves the tree hides memory. */
export function isMemoryLocation(path: string): boolean {
  return /(^|\/)(memory-bank|\.thunderus|\.claude)(\/|$)/.test(path);
}

/**
 * The file name of a format with one fixed name: code outside this folder names a format's file through its module.
 * @example fileNameOf({ id: 'decision-log', names: ['decisionLog.md'] }) // 'decisionLog.md'
 */
export function fileNameOf(format: { readonly id: string; readonly names?: readonly string[] }): string {
  const name = format.names?.[0];
  if (name === undefined) throw new Error(`format ${format.id} has no fixed file name`);
  return name;
}
