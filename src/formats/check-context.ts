import { type Hasher, type JsonPositions, jsHasher } from '../kernel/canonical/index.js';
import { type FileCap, LineIndex, type Problem, ProblemSink, error } from '../kernel/problems/index.js';
import { DEFAULT_WRITER_POLICY, type WriterPolicy } from './memory-bank/policy.js';
import type { ParsedFile } from './rule.js';
import type { TokenCounter } from '../schema/tokens.js';
import type { FormatId } from './index.js';

/** A file the checker read and decoded. */
export interface LoadedFile {
  path: string;
  format: FormatId;
  text: string;
  /** Line index of `text`, built on first use. */
  lines: LineIndex;
  /** Where the values of a JSON file start, kept by the check that parsed it; gives reported pointers a line. */
  positions?: JsonPositions;
  /** What the file's check parsed it into, so every later reader in the run (cross-file checks, `--base`) parses nothing again. */
  parsed?: ParsedFile;
}

/** A memory doc's facts kept for the cross-file checks. */
export interface DocFacts {
  path: string;
  line: number;
  id: string;
  kind: unknown;
  title: unknown;
  tags: unknown;
  updated: unknown;
  provenance: { events: string[]; patches: string[]; commits?: unknown };
  /** Line of the `provenance:` key (for provenance problems). */
  provenanceLine: number;
}

/** An event's facts kept for the cross-file checks. */
export interface EventFacts {
  path: string;
  line: number;
  id: string;
  kind: unknown;
  patchId?: string;
  snapshotId?: string;
  docIds: string[];
}

/** How many problems the directory checker reports per file unless told otherwise. */
export const DEFAULT_MAX_PROBLEMS_PER_FILE = 100;

/** Capabilities and limits of a directory check. */
export interface CheckEnv {
  hasher: Hasher;
  maxFileBytes: number;
  /** Problems reported per file before one `problems.truncated` counts the rest. */
  maxProblems: number;
  /** Each problem's effective severity (the profile and config), or `undefined` to drop it; decided before the cap sees it. Default: as raised. */
  decide: (problem: Problem) => Problem | undefined;
  /** Memory-bank writer rosters (the config file's `memoryBank.writers` over the seed's). */
  writerPolicy: WriterPolicy;
  /** The agent `systemPatterns.md` must be locked by, when configured (the seed's is ReaperOAK). */
  lockedBy?: string;
  /** An exact token counter for `summary_128`; absent: memkit's estimate and its lower bound. */
  countTokens?: TokenCounter;
}

/** Shared state of one directory check: every problem enters through its {@link ProblemSink} (severity by profile and config, capped per file). */
export class CheckContext {
  readonly #sink: ProblemSink;
  readonly checked: { file: string; format: string }[] = [];
  readonly docs: DocFacts[] = [];
  readonly events: EventFacts[] = [];
  readonly manifests: LoadedFile[] = [];
  readonly env: CheckEnv;

  constructor(env: Partial<CheckEnv> = {}) {
    this.env = {
      hasher: env.hasher ?? jsHasher,
      maxFileBytes: env.maxFileBytes ?? 64 * 1024 * 1024,
      maxProblems: env.maxProblems ?? DEFAULT_MAX_PROBLEMS_PER_FILE,
      decide: env.decide ?? ((p) => p),
      writerPolicy: env.writerPolicy ?? DEFAULT_WRITER_POLICY,
      ...(env.lockedBy === undefined ? {} : { lockedBy: env.lockedBy }),
      ...(env.countTokens === undefined ? {} : { countTokens: env.countTokens }),
    };
    this.#sink = new ProblemSink({ maxPerFile: this.env.maxProblems, policy: this.env.decide });
  }

  /** Adds one problem as it is (its `file` names the file it counts against; none: `''`). */
  add(problem: Problem): void {
    this.#sink.add(problem);
  }

  /** The problems added so far, with their severities decided and capped, sorted by file, line and column. */
  problems(): Problem[] {
    return this.#sink.problems();
  }

  /** The problem cap of `file` (`''`: no file); a check finding it full may `skip` instead of building problems. */
  cap(file: string): FileCap {
    return this.#sink.cap(file);
  }

  /** Adds problems found in `file`, filling in `file` and, for JSON text, a line from the pointer. */
  report(file: LoadedFile | string, problems: readonly Problem[], json = false): void {
    const path = typeof file === 'string' ? file : file.path;
    for (const p of problems) {
      const target = p.file ?? path;
      // `''`: a problem that names no file (a cross-file rule without one) keeps naming none.
      const q: Problem = target === '' ? { ...p } : { ...p, file: target };
      // Only a problem the sink keeps, or the first it leaves out (whose line the notice carries), is worth locating.
      if (json && typeof file !== 'string' && q.line === undefined && q.pointer !== undefined && q.file === path && this.#sink.places(q)) {
        const at = file.positions?.locate(q.pointer);
        if (at) {
          q.line = at.line;
          q.column = at.column;
        }
      }
      this.#sink.add(q);
    }
  }

  /** Adds one error (through the sink, like {@link add}). */
  error(code: string, message: string, where: Omit<Problem, 'code' | 'severity' | 'message'>): void {
    this.#sink.add(error(code, message, where));
  }
}

/** Makes a {@link LoadedFile}. */
export function loadedFile(path: string, format: FormatId, text: string): LoadedFile {
  let lines: LineIndex | undefined;
  return {
    path,
    format,
    text,
    get lines() {
      return (lines ??= new LineIndex(text));
    },
  };
}
