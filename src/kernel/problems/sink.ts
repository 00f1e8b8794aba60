import { ProblemCap, TRUNCATED_CODE } from './cap.js';
import type { Problem, Severity } from './problem.js';

/** What a caller may learn from, and count into, one file's cap of a {@link ProblemSink}. */
export interface FileCap {
  /** True once the file's cap is reached: the caller may count with {@link skip} instead of building problems. */
  readonly full: boolean;
  /** How many of the file's problems were left out so far. */
  readonly omitted: number;
  /** Counts problems past the cap without building them (see {@link ProblemCap.skip}). */
  skip(count: number, severity: Severity, where?: Pick<Problem, 'file' | 'line'>, atLeast?: boolean): void;
}

/** Options of a {@link ProblemSink}. */
export interface ProblemSinkOptions {
  /** Problems kept per file (`''` counting as one file) before one `problems.truncated` counts the rest; default `Infinity`. */
  maxPerFile?: number;
  /** Each problem's effective severity, or undefined to drop it (the profile and config); default: as raised. */
  policy?: (problem: Problem) => Problem | undefined;
}

/**
 * The one place a run's problems enter: {@link add} sets each problem's severity by the policy
 * (or drops it) and keeps it under its file's cap, counting the rest in that file's
 * `problems.truncated`; a notice handed in is kept as it is. {@link problems} is the sorted list.
 *
 * @example
 * const sink = new ProblemSink({ maxPerFile: 100 });
 * sink.add(error('input.not-json', 'not JSON', { file: 'a.json', line: 3 }));
 * sink.problems() // the kept problems and the notices, sorted
 */
export class ProblemSink {
  readonly #kept: Problem[] = [];
  readonly #caps = new Map<string, ProblemCap>();
  readonly #max: number;
  readonly #policy: (problem: Problem) => Problem | undefined;

  constructor(options: ProblemSinkOptions = {}) {
    this.#max = options.maxPerFile ?? Number.POSITIVE_INFINITY;
    this.#policy = options.policy ?? ((p) => p);
  }

  /** Adds one problem: its severity decided by the policy, capped per the file it names. */
  add(problem: Problem): void {
    // A notice is kept as the check that made it left it: it already counts what that check left out.
    if (problem.code === TRUNCATED_CODE) {
      this.#kept.push(problem);
      return;
    }
    const p = this.#policy(problem);
    if (p !== undefined) this.#cap(p.file ?? '').add(p);
  }

  /** True when {@link add} would keep `problem` or make it its file's first left out: a caller may skip locating any other. */
  places(problem: Problem): boolean {
    const cap = this.#caps.get(problem.file ?? '');
    return cap === undefined || !cap.full || cap.omitted === 0;
  }

  /** The cap of `file` (`''` for problems that name no file). */
  cap(file: string): FileCap {
    return this.#cap(file);
  }

  /** How many problems are held (kept problems and notices). */
  get size(): number {
    return this.#kept.length;
  }

  /** The problems held, sorted by file, line, column (stable for equal keys): a new array each call. */
  problems(): Problem[] {
    return sortProblems(this.#kept);
  }

  #cap(file: string): ProblemCap {
    let cap = this.#caps.get(file);
    if (cap === undefined) {
      cap = new ProblemCap(this.#max, this.#kept);
      this.#caps.set(file, cap);
    }
    return cap;
  }
}

const cmp = (a: string | number | undefined, b: string | number | undefined) => (a === b ? 0 : a === undefined ? -1 : b === undefined ? 1 : a < b ? -1 : 1);

/** Sorts problems by file, line, column (stable for equal keys) into a new array. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return problems
    .map((p, i) => ({ p, i }))
    .sort((x, y) => cmp(x.p.file, y.p.file) || cmp(x.p.line, y.p.line) || cmp(x.p.column, y.p.column) || x.i - y.i)
    .map((x) => x.p);
}
