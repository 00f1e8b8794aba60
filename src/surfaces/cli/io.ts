import type { Problem } from '../../kernel/problems/index.js';

/** What a CLI command may touch besides the file system: streams, env, cwd. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** True when stdout is a terminal (colour in text output). */
  stdoutTTY: boolean;
  /** True when stderr is a terminal (progress bars). */
  stderrTTY: boolean;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Standard input as text, read whole (the write commands' entry or body); absent or `''` when there is none. */
  stdin?: () => Promise<string>;
}

/** Output formats every checking command accepts with `--format`. */
export const OUTPUT_FORMATS = ['text', 'json', 'sarif'] as const;

/** Exit statuses of the CLI (docs/cli.md, "Exit status"). */
export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;

/** What a checking command found: the JSON shape of `--format json` (docs/cli.md). */
export interface Report {
  ok: boolean;
  root: string;
  checked: { file: string; format: string }[];
  problems: Problem[];
}

/** Builds a report; `ok` is false when any problem has error severity. */
export function makeReport(root: string, checked: Report['checked'], problems: Problem[]): Report {
  return { ok: !problems.some((p) => p.severity === 'error'), root, checked, problems };
}
