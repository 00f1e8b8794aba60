import { parseArgs } from 'node:util';
import { type Command, UsageError } from './command.js';
import { checkCommand } from './commands/check.js';
import { gitCommand, mergeDriverCommand } from './commands/git.js';
import { drillCommand, exportCommand, importCommand } from './commands/exchange.js';
import { checkpointCommand, proveCommand, verifyCommand } from './commands/ledger.js';
import { mcpCommand } from './commands/mcp.js';
import { threadsCommand } from './commands/threads.js';
import { wbsCommand } from './commands/wbs.js';
import { schemasCommand } from './commands/schemas.js';
import { indexCommand, searchCommand } from './commands/store.js';
import { validateCommand } from './commands/validate.js';
import { appendCommand, compactCommand, noteCommand, sessionCommand, taskCommand } from './commands/write.js';
import { EXIT, type CliIo } from './io.js';
import { OUTPUT_FORMATS } from './emit.js';
import { memkitVersion } from './version.js';
import { messageOf } from '../../kernel/problems/message-of.js';
import { TEXT_FIELD_MAX, terminalSafe } from './terminal.js';

/** Every sub-command, in `--help` order. */
export const commands: Command[] = [
  checkCommand,
  validateCommand,
  verifyCommand,
  checkpointCommand,
  proveCommand,
  indexCommand,
  searchCommand,
  exportCommand,
  importCommand,
  drillCommand,
  appendCommand,
  noteCommand,
  taskCommand,
  compactCommand,
  sessionCommand,
  wbsCommand,
  threadsCommand,
  gitCommand,
  mergeDriverCommand,
  mcpCommand,
  schemasCommand,
];

function mainHelp(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return `memkit: check, verify, search and move coding-agent memory files.

Usage: memkit <command> [options]

Commands:
${commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Run "memkit <command> --help" for a command's options.
Every checking command takes --format text|json|sarif.
Exit status: 0 no errors, 1 problems found, 2 usage error.
`;
}

/** Runs the CLI with `argv` (without node and script) and returns the exit status. */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(mainHelp());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${memkitVersion()}\n`);
    return EXIT.ok;
  }
  const command = commands.find((c) => c.name === name);
  if (command === undefined) {
    io.stderr(`memkit: unknown command "${terminalSafe(name, { max: 100 })}"\n\n${mainHelp()}`);
    return EXIT.usage;
  }
  try {
    const parsed = parseArgs({ args: rest, options: { ...command.options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
    if (parsed.values.help) {
      io.stdout(command.help);
      return EXIT.ok;
    }
    const format = (parsed.values as Record<string, unknown>).format;
    if (format !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(String(format))) throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')}`);
    return await command.run(parsed, io);
  } catch (cause) {
    if (cause instanceof UsageError || (cause as { code?: string } | null)?.code?.startsWith?.('ERR_PARSE_ARGS')) {
      // Usage messages name the paths and values given: shown escaped, like all text output.
      io.stderr(`memkit ${name}: ${terminalSafe((cause as Error).message, { max: TEXT_FIELD_MAX })}\nRun "memkit ${name} --help" for usage.\n`);
      return EXIT.usage;
    }
    // Never a stack trace at a user: say what failed and exit 1 ("could not complete").
    io.stderr(
      `memkit ${name}: internal error: ${terminalSafe(messageOf(cause), { max: TEXT_FIELD_MAX })}\n${io.env.MEMKIT_DEBUG && cause instanceof Error ? terminalSafe(cause.stack ?? '', { keepNewlines: true }) + '\n' : ''}`,
    );
    return EXIT.problems;
  }
}
