import { type Problem, error } from '../kernel/problems/index.js';
import { messageOf } from '../kernel/problems/message-of.js';

/**
 * Runs a parser body and turns an unexpected exception (a memkit bug, never
 * bad input by design) into a `parse.internal-error` Problem, so callers
 * processing a batch of files never see a throw.
 */
export function guard<T>(body: () => T, onError: (problem: Problem) => T, file?: string): T {
  try {
    return body();
  } catch (cause) {
    const where: Omit<Problem, 'code' | 'severity' | 'message'> = { line: 1, column: 1 };
    if (file !== undefined) where.file = file;
    return onError(error('parse.internal-error', `the parser failed unexpectedly: ${messageOf(cause)}`, where));
  }
}
