/** Directories the directory checker's walk never enters. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules']);
