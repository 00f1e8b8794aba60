/**
 * Layout discovery: which memkit format a path holds, from the DESIGN §5
 * table. Formats that can only be told by content (thread stores, export
 * bundles) are "sniffed" by the checker after reading.
 */

/** The file-level formats `memkit check` reports in `checked[].format`. */
export const FILE_FORMATS = [
  'memory-doc',
  'memory-manifest',
  'events',
  'gardener-config',
  'system-patterns',
  'product-context',
  'active-context',
  'decision-log',
  'progress',
  'risk-register',
  'workflow-state',
  'artifacts-manifest',
  'feedback-log',
  'wbs-task-index',
  'wbs-task',
  'thread-store',
  'export-bundle',
] as const;

/** A file-level format id. */
export type FileFormat = (typeof FILE_FORMATS)[number];

/** The nine memory bank files and their file formats. */
export const MEMORY_BANK_FILES: Readonly<Record<string, FileFormat>> = Object.freeze({
  'systemPatterns.md': 'system-patterns',
  'productContext.md': 'product-context',
  'activeContext.md': 'active-context',
  'decisionLog.md': 'decision-log',
  'progress.md': 'progress',
  'riskRegister.md': 'risk-register',
  'workflow-state.json': 'workflow-state',
  'artifacts-manifest.json': 'artifacts-manifest',
  'feedback-log.md': 'feedback-log',
});

/** How a path was classified: a known format, or a file to read and sniff. */
export type PathClass = { format: FileFormat } | { sniff: 'json' | 'lines' } | undefined;

/** Directories the walk never enters. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules']);

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * Classifies one path (relative, `/`-separated) by the DESIGN §5 discovery table.
 * @example
 * classifyPath('.claude/memory/tasks/1.2.json') // { format: 'wbs-task' }
 */
export function classifyPath(path: string): PathClass {
  const slash = path.lastIndexOf('/');
  const base = path.slice(slash + 1);
  const dir = slash < 0 ? '' : path.slice(0, slash);
  const dirName = dir.slice(dir.lastIndexOf('/') + 1);
  const seg = '/' + path;
  if (/\/\.thunderus\/memory\/indexes\/manifest\.json$/.test(seg)) return { format: 'memory-manifest' };
  if (/\/\.thunderus\/memory\/gardener\.(toml|json)$/.test(seg)) return { format: 'gardener-config' };
  if (base === 'events.jsonl') return { format: 'events' };
  if (/\/\.claude\/memory\/task-index\.json$/.test(seg)) return { format: 'wbs-task-index' };
  if (/\/\.claude\/memory\/tasks\/[^/]+\.json$/.test(seg)) return { format: 'wbs-task' };
  if (hasOwn(MEMORY_BANK_FILES, base) && (dirName === 'memory-bank' || !/\/\.thunderus\/memory\//.test(seg))) return { format: MEMORY_BANK_FILES[base]! };
  if (/\/\.thunderus\/memory\/.+\.md$/.test(seg)) return { format: 'memory-doc' };
  if (/\.json$/i.test(base)) return { sniff: 'json' };
  if (/\.(ndjson|jsonl)$/i.test(base)) return { sniff: 'lines' };
  return undefined;
}

/** The directory holding `.claude/memory` for a WBS path (`a/.claude/memory/tasks/1.json` → `a/.claude/memory`). */
export function wbsRoot(path: string): string {
  const i = path.lastIndexOf('.claude/memory/');
  return path.slice(0, i + '.claude/memory'.length);
}

/** The directory part of a path (`''` at the root). */
export function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}
