import type { Problem } from './problem.js';

/**
 * Thrown by the `...OrThrow` variants of memkit functions. Carries the
 * problems that made the operation fail.
 */
export class MemkitError extends Error {
  override readonly name = 'MemkitError';
  /** The problems that caused the failure; at least one has error severity. */
  readonly problems: readonly Problem[];

  constructor(problems: readonly Problem[], message?: string) {
    super(message ?? summarize(problems));
    this.problems = problems;
  }
}

function summarize(problems: readonly Problem[]): string {
  const first = problems[0];
  if (!first) return 'memkit: operation failed';
  const where = [first.file, first.line, first.column].filter((x) => x !== undefined).join(':');
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `${first.code}: ${first.message}${where ? ` at ${where}` : ''}${more}`;
}

/** Returns the value of a successful result or throws a {@link MemkitError}. */
export function unwrap<T>(result: { ok: true; value: T } | { ok: false; problems: Problem[] }): T {
  if (result.ok) return result.value;
  throw new MemkitError(result.problems);
}
