/** How serious a {@link Problem} is: `error` fails a check, `warning` does not. */
export type Severity = 'error' | 'warning';

/**
 * One finding about some input: stable `code`, a human `message`, and where it is.
 *
 * `code` is dotted and stable (`ledger.predecessor-mismatch`); tests and tools
 * should match on it, never on `message`. `line`/`column` are 1-based positions
 * in a text file; `pointer` is an RFC 6901 JSON Pointer into a JSON value.
 */
export interface Problem {
  code: string;
  severity: Severity;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  pointer?: string;
}

/** The outcome of something that can fail with problems instead of throwing. */
export type Result<T> = { ok: true; value: T; problems?: Problem[] } | { ok: false; problems: Problem[] };

/** Builds a successful {@link Result}; warnings may ride along. */
export function ok<T>(value: T, warnings?: Problem[]): Result<T> {
  return warnings && warnings.length > 0 ? { ok: true, value, problems: warnings } : { ok: true, value };
}

/** Builds a failed {@link Result}. */
export function fail<T = never>(problems: Problem[]): Result<T> {
  return { ok: false, problems };
}

/** Creates an error-severity problem. */
export function error(code: string, message: string, where: Omit<Problem, 'code' | 'severity' | 'message'> = {}): Problem {
  return { code, severity: 'error', message, ...where };
}

/** Creates a warning-severity problem. */
export function warning(code: string, message: string, where: Omit<Problem, 'code' | 'severity' | 'message'> = {}): Problem {
  return { code, severity: 'warning', message, ...where };
}

/** True when any problem in the list has error severity. */
export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}

/** Returns copies of the problems with `file` set (keeps an existing `file`). */
export function inFile(problems: readonly Problem[], file: string): Problem[] {
  return problems.map((p) => (p.file === undefined ? { ...p, file } : p));
}
