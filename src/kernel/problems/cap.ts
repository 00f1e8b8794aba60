import type { Problem, Severity } from './problem.js';

/** The code of the one problem that says how many problems a cap left out. */
export const TRUNCATED_CODE = 'problems.truncated';

/**
 * Collects problems up to a cap, then counts the rest in one `problems.truncated` problem: the
 * only place memkit limits how many problems it reports, so no limit is ever silent. Kept
 * problems are pushed onto `into` as they come, the notice after them once one is left out and
 * kept current, so `into` is a complete report at every moment. The notice has the worst
 * severity left out (capping never turns a failing report into a passing one) and the `file` and
 * `line` of the first problem left out.
 *
 * @example
 * const cap = new ProblemCap(50);
 * declare const found: Problem[];
 * for (const p of found) cap.add(p);
 * cap.problems // at most 50, then one problems.truncated saying how many more
 */
export class ProblemCap {
  /** The kept problems, then the notice when any were left out. */
  readonly problems: Problem[];
  /** How many problems may be kept. */
  readonly max: number;
  #kept = 0;
  #omitted = 0;
  #atLeast = false;
  #notice: Problem | undefined;

  /** `max` below 0 or NaN counts as 0; `Infinity` keeps everything. */
  constructor(max: number, into: Problem[] = []) {
    // biome-ignore lint/complexity/useMathMinMax: Math.max(NaN, 0) is NaN; NaN must count as 0
    this.max = max >= 0 ? max : 0;
    this.problems = into;
  }

  /** True once `max` problems are kept: callers may then count instead of building problems (see {@link skip}). */
  get full(): boolean {
    return this.#kept >= this.max;
  }

  /** How many problems were left out so far (a lower bound when {@link skip} was told so). */
  get omitted(): number {
    return this.#omitted;
  }

  /** Keeps `p`, or counts it as left out; true when it was kept. */
  add(p: Problem): boolean {
    if (this.#kept < this.max) {
      this.problems.push(p);
      this.#kept++;
      return true;
    }
    this.#leaveOut(1, p.severity, p, false);
    return false;
  }

  /** {@link add} for each problem. */
  addAll(problems: Iterable<Problem>): void {
    for (const p of problems) this.add(p);
  }

  /**
   * Counts `count` problems of `severity` as left out without building them (a caller past the
   * cap whose fast check failed). `atLeast`: there may be more, the notice says "at least".
   */
  skip(count: number, severity: Severity, where: Pick<Problem, 'file' | 'line'> = {}, atLeast = false): void {
    if (count > 0 || (atLeast && this.#notice !== undefined)) this.#leaveOut(count, severity, where, atLeast);
  }

  #leaveOut(count: number, severity: Severity, first: Pick<Problem, 'file' | 'line'>, atLeast: boolean): void {
    this.#omitted += count;
    this.#atLeast ||= atLeast;
    let n = this.#notice;
    if (n === undefined) {
      n = { code: TRUNCATED_CODE, severity, message: '' };
      if (first.file !== undefined) n.file = first.file;
      if (first.line !== undefined) n.line = first.line;
      this.#notice = n;
      this.problems.push(n);
    } else if (severity === 'error') n.severity = 'error';
    n.message = truncatedMessage(this.#omitted, this.#atLeast, this.max);
  }
}

function truncatedMessage(omitted: number, atLeast: boolean, max: number): string {
  const count = `${atLeast ? 'at least ' : ''}${omitted} more problem${omitted === 1 && !atLeast ? ' was' : 's were'}`;
  return `${count} left out: only the first ${max} are reported`;
}
