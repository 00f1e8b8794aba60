import { parseArgs } from 'node:util';
import { type Command, type CommandEntry, UsageError } from './command.js';
import { EXIT, OUTPUT_FORMATS, type CliIo } from './io.js';
import { memkitVersion } from './version.js';
import { messageOf } from '../../kernel/problems/message-of.js';
import { TEXT_FIELD_MAX, terminalSafe } from './terminal.js';

// Each command's module is imported when that command runs, never before: the
// table below is all `memkit --help` and `memkit --version` load.
const lazy = <K extends string>(name: string, summary: string, load: () => Promise<Record<K, Command>>, key: K): CommandEntry => ({
  name,
  summary,
  load: async () => (await load())[key],
});

/** Every sub-command, in `--help` order. */
export const commands: CommandEntry[] = [
  lazy('check', 'discover and check every memkit file under a directory', () => import('./commands/check.js'), 'checkCommand'),
  lazy('validate', 'validate one JSON or JSON Lines file against a memkit format', () => import('./commands/validate.js'), 'validateCommand'),
  lazy('verify', 'verify a hash-chained ledger (optionally against a checkpoint)', () => import('./commands/ledger.js'), 'verifyCommand'),
  lazy('checkpoint', 'print the checkpoint (size and Merkle root) of a ledger', () => import('./commands/ledger.js'), 'checkpointCommand'),
  lazy('prove', 'print the Merkle inclusion proof of one ledger entry', () => import('./commands/ledger.js'), 'proveCommand'),
  lazy('index', 'build or refresh the SQLite full-text index of the memory docs', () => import('./commands/store.js'), 'indexCommand'),
  lazy('search', 'full-text search over the memory docs (refreshes the index first)', () => import('./commands/store.js'), 'searchCommand'),
  lazy('export', 'export a memory directory as a self-verifying NDJSON bundle', () => import('./commands/exchange.js'), 'exportCommand'),
  lazy('import', 'verify an NDJSON bundle, then import it into a directory', () => import('./commands/exchange.js'), 'importCommand'),
  lazy('drill', 'run the recovery drill: export, restore into an empty memory, compare', () => import('./commands/exchange.js'), 'drillCommand'),
  lazy('append', 'append one entry (JSON on stdin) to a Memory Bank ledger', () => import('./commands/write.js'), 'appendCommand'),
  lazy('note', 'create or update a memory doc (Markdown body on stdin)', () => import('./commands/write.js'), 'noteCommand'),
  lazy('task', "set a WBS task's status (parents roll up), or add a task", () => import('./commands/write.js'), 'taskCommand'),
  lazy('redact', 'replace one ledger entry (a leaked secret) by a tombstone that keeps the chain verifiable', () => import('./commands/redact.js'), 'redactCommand'),
  lazy('compact', "compress the session's active context into one decision entry", () => import('./commands/write.js'), 'compactCommand'),
  lazy('session', 'start or end a session (workflow-state.json; end compacts the active context)', () => import('./commands/write.js'), 'sessionCommand'),
  lazy('progress', "set the status of a row of the Memory Bank's progress table (DONE needs an approver)", () => import('./commands/records.js'), 'progressCommand'),
  lazy('artifact', "record a file's sha256 in the Memory Bank's artifacts manifest (memkit artifact add DIR PATH)", () => import('./commands/records.js'), 'artifactCommand'),
  lazy('wbs', 'WBS task memory: ready work, roll-up, index rebuild, repair', () => import('./commands/wbs.js'), 'wbsCommand'),
  lazy('threads', 'check a thread store, or apply one operation to it', () => import('./commands/threads.js'), 'threadsCommand'),
  lazy('git', 'set up a git repository for memory files (memkit git setup [DIR] [--check])', () => import('./commands/git.js'), 'gitCommand'),
  lazy('merge-driver', 'merge three versions of a memory file (git merge driver: %O %A %B %P)', () => import('./commands/git.js'), 'mergeDriverCommand'),
  lazy('mcp', 'serve the memory under a directory to agents over MCP (stdio or HTTP)', () => import('./commands/mcp.js'), 'mcpCommand'),
  lazy('schemas', 'list memkit formats, or write their JSON Schema 2020-12 files', () => import('./commands/schemas.js'), 'schemasCommand'),
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
  const entry = commands.find((c) => c.name === name);
  if (entry === undefined) {
    io.stderr(`memkit: unknown command "${terminalSafe(name, { max: 100 })}"\n\n${mainHelp()}`);
    return EXIT.usage;
  }
  try {
    const command = await entry.load();
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
