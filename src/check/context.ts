import { type Hasher, jsHasher } from '../canonical/index.js';
import { LineIndex, type Problem, error } from '../problems/index.js';
import type { FileFormat } from './layout.js';
import { locatePointer } from './json-locate.js';

/** A file the checker read and decoded. */
export interface LoadedFile {
  path: string;
  format: FileFormat;
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

/** Capabilities and limits of a directory check. */
export interface CheckEnv {
  hasher: Hasher;
  maxFileBytes: number;
}

/** Shared, mutable state of one directory check. */
export class CheckContext {
  readonly problems: Problem[] = [];
  readonly checked: { file: string; format: string }[] = [];
  readonly docs: DocFacts[] = [];
  readonly events: EventFacts[] = [];
  readonly manifests: LoadedFile[] = [];
  readonly env: CheckEnv;

  constructor(env: Partial<CheckEnv> = {}) {
    this.env = { hasher: env.hasher ?? jsHasher, maxFileBytes: env.maxFileBytes ?? 64 * 1024 * 1024 };
  }

  /** Adds problems found in `file`, filling in `file` and, for JSON text, a line from the pointer. */
  report(file: LoadedFile | string, problems: readonly Problem[], json = false): void {
    const path = typeof file === 'string' ? file : file.path;
    for (const p of problems) {
      const q: Problem = p.file === undefined ? { ...p, file: path } : { ...p };
      if (json && typeof file !== 'string' && q.line === undefined && q.pointer !== undefined && q.file === path) {
        const at = locatePointer(file.text, q.pointer, file.lines);
        if (at) {
          q.line = at.line;
          q.column = at.column;
        }
      }
      this.problems.push(q);
    }
  }

  /** Adds one error. */
  error(code: string, message: string, where: Omit<Problem, 'code' | 'severity' | 'message'>): void {
    this.problems.push(error(code, message, where));
  }
}

/** Makes a {@link LoadedFile}. */
export function loadedFile(path: string, format: FileFormat, text: string): LoadedFile {
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
