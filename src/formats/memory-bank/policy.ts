import { ALL_AGENTS, FORMAT_MODULES, type WriterRule } from '../index.js';
import { type Problem, error, warning } from '../../kernel/problems/index.js';

export { ALL_AGENTS };

/** What an agent wants to do to a memory-bank file. */
export type WriteOperation = 'append' | 'edit' | 'delete' | 'replace' | 'approve';

/** The rule for one file: who may write, and how. */
export type FileRule = WriterRule;

/** A writer policy: file base name → rule. */
export type WriterPolicy = Readonly<Record<string, FileRule>>;

/** The seed's `writers` and `append_only` rules keyed by file name: the default policy of {@link checkWrite}. */
export const DEFAULT_WRITER_POLICY: WriterPolicy = Object.freeze(
  Object.fromEntries(FORMAT_MODULES.flatMap((f) => (f.writerRule === undefined ? [] : (f.names ?? []).map((n) => [n, f.writerRule!] as const)))),
);

/**
 * Checks whether `agent` may perform `operation` on `file` (by its base name); deleting an entry is always denied
 * (seed: "DENY: Deletion of any memory bank entry"); `approve` is for the file's approvers.
 *
 * @example checkWrite(DEFAULT_WRITER_POLICY, 'Backend', 'memory-bank/decisionLog.md', 'append')
 * // [{ code: 'ledger.writer-denied', ... }]
 */
export function checkWrite(policy: WriterPolicy, agent: string, file: string, operation: WriteOperation): Problem[] {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const rule = Object.hasOwn(policy, base) ? policy[base] : undefined;
  if (rule === undefined) return [warning('ledger.unknown-file', `the writer policy has no rule for ${base}`, { file })];
  const problems: Problem[] = [];
  if (operation === 'approve') {
    if (!(rule.approvers ?? []).includes(agent))
      problems.push(error('ledger.writer-denied', `${agent} may not approve in ${base}; approvers: ${(rule.approvers ?? []).join(', ') || 'none'}`, { file }));
    return problems;
  }
  if (!rule.writers.includes(ALL_AGENTS) && !rule.writers.includes(agent))
    problems.push(error('ledger.writer-denied', `${agent} may not write ${base}; writers: ${rule.writers.join(', ')}`, { file }));
  if (operation === 'delete') problems.push(error('ledger.delete-denied', `entries of ${base} may never be deleted`, { file }));
  else if (operation !== 'append' && rule.immutable) problems.push(error('ledger.immutable', `${base} is immutable: direct edits are denied`, { file }));
  else if (operation !== 'append' && rule.appendOnly) problems.push(error('ledger.append-only', `${base} is append-only: "${operation}" is not allowed`, { file }));
  return problems;
}

/**
 * `base` with the writer lists of `writers`' files replaced (a team's own roster); an unknown file gets a rule, not append-only.
 * @example withWriters({ 'productContext.md': ['Planner'] }) // Planner, not ProductManager, may append to productContext.md
 */
export function withWriters(writers: Readonly<Record<string, readonly string[]>>, base: WriterPolicy = DEFAULT_WRITER_POLICY): WriterPolicy {
  const out: Record<string, FileRule> = { ...base };
  for (const [file, list] of Object.entries(writers)) {
    const rule = Object.hasOwn(base, file) ? base[file] : undefined;
    // defineProperty: a file named `__proto__` stays a plain key.
    Object.defineProperty(out, file, { value: { ...(rule ?? { appendOnly: false }), writers: [...list] }, enumerable: true, writable: true, configurable: true });
  }
  return Object.freeze(out);
}
