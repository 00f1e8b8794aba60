import { type Hasher, jsHasher } from '../canonical/index.js';
import { LineIndex, type Problem, ProblemCap, TRUNCATED_CODE, error } from '../problems/index.js';
import { DEFAULT_WRITER_POLICY, type WriterPolicy } from '../ledger/policy.js';
import type { FormatId } from '../formats/index.js';
import { type SeverityPolicy, applyPolicy } from './profile.js';
import { locatePointer } from './json-locate.js';

/** A file the checker read and decoded. */
export interface LoadedFile {
  path: string;
  format: FormatId;
  text: string;
  /** Line index of `text`, built on first use. */
  lines: LineIndex;
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
  /** Profile and per-rule settings: each problem's effective severity is decided before the cap sees it. */
  policy: SeverityPolicy;
  /** Memory-bank writer rosters (the config file's `memoryBank.writers` over the seed's). */
  writerPolicy: WriterPolicy;
  /** The agent `systemPatterns.md` must be locked by, when configured (the seed's is ReaperOAK). */
  lockedBy?: string;
}

/**
 * The problem list of a check: every problem pushed onto it gets its
 * effective severity from the policy, or is dropped when the policy turns its
 * rule off, so problems added outside {@link CheckContext.report} follow the
 * profile too. Applying the policy is idempotent, so problems that
 * `report` already decided pass unchanged.
 */
class PolicyList extends Array<Problem> {
  static override get [Symbol.species]() {
    return Array;
  }
  policy: SeverityPolicy = {};
  override push(...items: Problem[]): number {
    for (const p of items) {
      // The notice is updated in place after it is pushed; it must stay the same object.
      const q = p.code === TRUNCATED_CODE ? p : applyPolicy(p, this.policy);
      if (q !== undefined) super.push(q);
    }
    return this.length;
  }
}

/**
 * Shared, mutable state of one directory check. Problems added through
 * {@link CheckContext.report} and {@link CheckContext.error} are capped per
 * file (`env.maxProblems`, the cross-file checks' problems counting against
 * the file they name): past the cap they are counted, not kept, and one
 * `problems.truncated` per file says how many were left out.
 */
export class CheckContext {
  readonly problems: Problem[] = new PolicyList();
  readonly #caps = new Map<string, ProblemCap>();
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
      policy: env.policy ?? {},
      writerPolicy: env.writerPolicy ?? DEFAULT_WRITER_POLICY,
      ...(env.lockedBy === undefined ? {} : { lockedBy: env.lockedBy }),
    };
    (this.problems as PolicyList).policy = this.env.policy;
  }

  /**
   * The problem cap of `file` (`''` for problems that name no file). A check
   * that finds it {@link ProblemCap.full} may count what is wrong with
   * `skip` instead of building problems that would be left out.
   */
  cap(file: string): ProblemCap {
    let cap = this.#caps.get(file);
    if (cap === undefined) {
      cap = new ProblemCap(this.env.maxProblems, this.problems);
      this.#caps.set(file, cap);
    }
    return cap;
  }

  /** Adds problems found in `file`, filling in `file` and, for JSON text, a line from the pointer. */
  report(file: LoadedFile | string, problems: readonly Problem[], json = false): void {
    const path = typeof file === 'string' ? file : file.path;
    for (const raw of problems) {
      // The one place a problem's severity is decided (profile, config), before the cap counts it.
      const p = raw.code === TRUNCATED_CODE ? raw : applyPolicy(raw, this.env.policy);
      if (p === undefined) continue;
      const target = p.file ?? path;
      // `''`: a problem that names no file (a cross-file rule without one) keeps naming none.
      const named = target === '' ? {} : { file: target };
      // A check that capped its own problems (ledger verification) already counted the rest.
      if (p.code === TRUNCATED_CODE) {
        this.problems.push({ ...p, ...named });
        continue;
      }
      const cap = this.cap(target);
      // Past the cap a problem is only counted; the first one left out still gets its line, for the notice.
      if (cap.full && (cap.omitted > 0 || !json)) {
        cap.skip(1, p.severity, { ...named, ...(p.line === undefined ? {} : { line: p.line }) });
        continue;
      }
      const q: Problem = { ...p, ...named };
      if (json && typeof file !== 'string' && q.line === undefined && q.pointer !== undefined && q.file === path) {
        const at = locatePointer(file.text, q.pointer, file.lines);
        if (at) {
          q.line = at.line;
          q.column = at.column;
        }
      }
      cap.add(q);
    }
  }

  /** Adds one error (capped like {@link report}). */
  error(code: string, message: string, where: Omit<Problem, 'code' | 'severity' | 'message'>): void {
    this.report(where.file ?? '', [error(code, message, where)]);
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
