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
  /** Full `--help` text. */
  help: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(args: CommandArgs, io: CliIo): Promise<number>;
}

/** Thrown inside a command for a usage error (exit status 2). */
export class UsageError extends Error {}

/**
 * A command as `memkit --help` lists it: its name and one line, with the module
 * that implements it loaded only when the command runs (so `--version`, `--help`
 * and each command start only what they use).
 */
export interface CommandEntry {
  name: string;
  /** One line for `memkit --help`. */
  summary: string;
  load(): Promise<Command>;
}
