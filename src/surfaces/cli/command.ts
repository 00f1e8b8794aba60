import type { ParseArgsConfig } from 'node:util';
import type { CliIo } from './io.js';

/** Parsed flags and positionals handed to a command. */
export interface CommandArgs {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

/** One `memkit` sub-command. */
export interface Command {
  name: string;
  /** One line for `memkit --help`. */
  summary: string;
  /** Full `--help` text. */
  help: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(args: CommandArgs, io: CliIo): Promise<number>;
}

/** Thrown inside a command for a usage error (exit status 2). */
export class UsageError extends Error {}
