import type { Hasher } from '../../kernel/canonical/sha256.js';
import { FORMAT_MODULES, type FormatId, classifyPath, formatById, sniffFormat } from '../../formats/index.js';
import { isLedgerFormat } from '../../formats/memory-bank/ledgers.js';
import { type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { type MergeInputs, type MergeLimits, mergeWhole } from './bounds.js';
import { type JsonMergeFormat, mergeJsonFile } from './merge-json.js';
import { type Renumbered, mergeLedger } from './merge-ledger.js';

/** Options of {@link mergeMemoryFile}. */
export interface MergeFileOptions {
  hasher?: Hasher;
  limits?: Partial<MergeLimits>;
  /** The format, when the caller knows it; else it is found from the path (and ours' text for formats told by content). */
  format?: FormatId;
}

/** A clean merge of one memory file. */
export interface FileMerge {
  /** The merged text, to be written over ours. */
  text: string;
  /** The format merged, or `undefined` when one side was unchanged and the other taken whole. */
  format?: FormatId;
  renumbered: Renumbered[];
  /** Warnings (renumbered ids). */
  problems: Problem[];
}

/** The formats the merge driver merges three ways: those whose module names a `merge`. */
export const MERGEABLE_FORMATS: readonly FormatId[] = Object.freeze(FORMAT_MODULES.filter((f) => f.merge !== undefined).map((f) => f.id));

/**
 * Merges three versions of a memory file (git's ancestor, ours and theirs)
 * by its format: ledgers and `events.jsonl` by {@link mergeLedger}, the JSON
 * formats by {@link mergeJsonFile}; a side left as the ancestor had it takes
 * the other. A prose ledger (no entry on any side) and any other file both
 * sides changed fail with `git.merge-unsupported`, for a line-based merge.
 *
 * @example
 * declare const base: string, ours: string, theirs: string;
 * mergeMemoryFile('memory-bank/decisionLog.md', { base, ours, theirs })
 */
export function mergeMemoryFile(path: string, inputs: MergeInputs, options: MergeFileOptions = {}): Result<FileMerge> {
  const whole = mergeWhole(inputs.base, inputs.ours, inputs.theirs);
  if (whole !== undefined) return ok({ text: whole, renumbered: [], problems: [] });
  const format = options.format ?? formatOf(path, inputs.ours || inputs.theirs);
  const merge = format === undefined ? undefined : formatById(format).merge;
  if (merge === 'chain' && isLedgerFormat(format) && !hasEntry(inputs.base) && !hasEntry(inputs.ours) && !hasEntry(inputs.theirs))
    return fail([error('git.merge-unsupported', `${path} is prose on every side (no JSON Lines entry): it merges line by line`, { file: path })]);
  const common = { file: path, ...(options.limits ? { limits: options.limits } : {}) };
  if (merge === 'chain') {
    const r = mergeLedger(inputs, { ...common, format: format as Parameters<typeof mergeLedger>[1]['format'], ...(options.hasher ? { hasher: options.hasher } : {}) });
    return r.ok ? ok({ text: r.value.text, format, renumbered: r.value.renumbered, problems: r.value.problems }) : r;
  }
  if (merge === 'items') {
    const r = mergeJsonFile(inputs, { ...common, format: format as JsonMergeFormat });
    return r.ok ? ok({ text: r.value.text, format, renumbered: [], problems: [] }) : r;
  }
  return fail([error('git.merge-unsupported', `both sides changed ${path}${format ? ` (${format})` : ''} and memkit has no three-way merge for it`, { file: path })]);
}

/** True when a line starts with `{`: where a ledger's first entry starts (the reader's rule). */
const hasEntry = (text: string): boolean => /^\uFEFF?\{/m.test(text);

function formatOf(path: string, text: string): FormatId | undefined {
  const cls = classifyPath(path);
  if (cls === undefined) return undefined;
  return 'format' in cls ? cls.format : sniffFormat(cls.sniff, text);
}
