import { type Problem, error } from '../../kernel/problems/index.js';

/** Limits of what a merge reads, so a hostile input gives a conflict, not an out-of-memory crash. */
export interface MergeLimits {
  /** Largest input per side, in characters (default 64 Mi). */
  maxChars: number;
  /** Longest line, in characters (default 1 Mi): no memory entry comes near it. */
  maxLineChars: number;
}

/** The default {@link MergeLimits}. */
export const DEFAULT_MERGE_LIMITS: MergeLimits = Object.freeze({ maxChars: 64 * 1024 * 1024, maxLineChars: 1024 * 1024 });

/** The three inputs of a three-way merge, by git's names: the common ancestor, ours (%A) and theirs (%B). */
export interface MergeInputs {
  base: string;
  ours: string;
  theirs: string;
}

/** Which input a problem is about, as messages name it. */
export type Side = keyof MergeInputs;

/** The three-way merge of one whole text: a side left as the ancestor had it takes the other's; `undefined` when both changed it. */
export function mergeWhole(base: string, ours: string, theirs: string): string | undefined {
  if (ours === theirs || theirs === base) return ours;
  if (ours === base) return theirs;
  return undefined;
}

/** A problem about one side of a merge: the file is the merged path, the message names the side. */
export function sideProblem(code: string, side: Side, message: string, file: string | undefined, line?: number): Problem {
  return error(code, `${side}: ${message}`, { ...(file === undefined ? {} : { file }), ...(line === undefined ? {} : { line }) });
}

/**
 * The first bound an input breaks: too many characters, or a line longer
 * than the limit (found by one scan of newline positions, no split).
 */
export function checkBounds(inputs: MergeInputs, limits: MergeLimits, file?: string): Problem | undefined {
  for (const side of ['base', 'ours', 'theirs'] as const) {
    const text = inputs[side];
    if (text.length > limits.maxChars) return sideProblem('git.merge-too-large', side, `the input is ${text.length} characters; the merge driver reads at most ${limits.maxChars}`, file);
    let start = 0;
    let line = 1;
    while (start <= text.length) {
      let nl = text.indexOf('\n', start);
      if (nl === -1) nl = text.length;
      if (nl - start > limits.maxLineChars)
        return sideProblem('git.merge-line-too-long', side, `line ${line} is ${nl - start} characters; the merge driver reads lines of at most ${limits.maxLineChars}`, file, line);
      start = nl + 1;
      line++;
    }
  }
  return undefined;
}
