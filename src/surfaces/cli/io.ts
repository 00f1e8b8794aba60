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
}

/** Exit statuses of DESIGN §5. */
export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;
