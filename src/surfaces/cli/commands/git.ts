import { constants } from 'node:fs';
import { open, readFile, realpath, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEDGER_MODULES, bankFormatOfName, classifyPaths, decisionLog, events, fileNameOf, sniffFormat, systemPatterns, threadStore } from '../../../formats/index.js';
import { DEFAULT_MERGE_LIMITS } from '../../../services/git/bounds.js';
import { mergeMemoryFile } from '../../../services/git/merge-file.js';
import type { GitRunner } from '../../../services/git/runner.js';
import { attributePattern, checkSetup, configureDriver, withAttributes } from '../../../services/git/setup.js';
import { atomicWrite } from '../../../adapters/node/atomic-write.js';
import { nodeGitRunner } from '../../../adapters/node/git.js';
import { type Problem, error } from '../../../kernel/problems/index.js';
import { type Command, UsageError } from '../command.js';
import { emitReport, type OutputFormat } from '../emit.js';
import { EXIT, makeReport } from '../io.js';
import { TEXT_FIELD_MAX, terminalSafe } from '../terminal.js';
import { FORMAT_HELP, absolute, cliHasher, existing, formatOption } from './shared.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** One problem as a line of the driver's stderr. */
const problemLine = (p: Problem) => `memkit merge-driver: ${p.file ?? ''}${p.line === undefined ? '' : `:${p.line}`}: ${terminalSafe(p.message, { max: TEXT_FIELD_MAX })} [${p.code}]\n`;

/** Reads one merge input, refusing more than `max` bytes before reading them, and bytes that are not UTF-8. */
async function readInput(path: string, side: string, shownPath: string, max: number): Promise<string | Problem> {
  let fh: Awaited<ReturnType<typeof open>>;
  try {
    fh = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (cause) {
    return error('git.merge-unparseable', `${side}: cannot read ${path}: ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}`, { file: shownPath });
  }
  try {
    const info = await fh.stat();
    if (!info.isFile()) return error('git.merge-unparseable', `${side}: not a regular file`, { file: shownPath });
    if (info.size > max) return error('git.merge-too-large', `${side}: the input is ${info.size} bytes; the merge driver reads at most ${max}`, { file: shownPath });
    const bytes = await fh.readFile();
    try {
      return decoder.decode(bytes);
    } catch {
      return error('git.merge-unparseable', `${side}: the input is not UTF-8`, { file: shownPath });
    }
  } finally {
    await fh.close();
  }
}

const CHAINED_LEDGERS = LEDGER_MODULES.filter((m) => m.merge === 'chain')
  .map(fileNameOf)
  .join(', ');

/** `memkit merge-driver %O %A %B %P`: git's merge driver for memory files. */
export const mergeDriverCommand: Command = {
  name: 'merge-driver',
  help: `Usage: memkit merge-driver ANCESTOR OURS THEIRS [PATH]

git's merge-driver contract (register it with "memkit git setup"):
ANCESTOR (%O), OURS (%A) and THEIRS (%B) are the three versions, PATH (%P)
the file's path in the repository. The merged file is written over OURS.

Hash-chained ledgers (${CHAINED_LEDGERS})
and ${fileNameOf(events)}: the ancestor's entries, then ours, then theirs
re-chained after ours; a dated id (DEC-/RISK-YYYYMMDD-NNN) both sides
used is renumbered to the next free one of its day (said on stderr); an
entry both sides appended is kept once. The WBS task index, thread stores
and the memory manifest merge item by item, then roll-up and relations are
recomputed; a merged index whose roll-up gives a task a status the merge
of its task file would not is a conflict (git.merge-rollup-conflict). A
ledger in the prose dialect (plain Markdown, no entry on any side) and any
other file get git's own line merge (conflict markers where both sides
changed a line); ${fileNameOf(systemPatterns)} changed on both sides is always left
conflicted.

A real conflict (an entry edited or removed on one side, both sides
changing one item, an input that does not verify, is not UTF-8, or is over
the size or line bounds) leaves OURS exactly as it was, names the problem on
stderr and exits 1, so git marks the file conflicted. Nothing is written
unless the whole merge succeeded; the write is atomic.

Exit status: 0 merged, 1 conflict, 2 usage error.
`,
  options: {},
  async run({ positionals }, io) {
    if (positionals.length < 3 || positionals.length > 4) throw new UsageError('merge-driver takes ANCESTOR OURS THEIRS [PATH] (git passes %O %A %B %P)');
    const [o, a, b] = positionals.map((p) => absolute(io, p)) as [string, string, string];
    const path = (positionals[3] ?? positionals[1]!).replaceAll('\\', '/');
    const inputs: string[] = [];
    for (const [file, side] of [
      [o, 'base'],
      [a, 'ours'],
      [b, 'theirs'],
    ] as const) {
      const read = await readInput(file, side, path, DEFAULT_MERGE_LIMITS.maxChars);
      if (typeof read !== 'string') {
        io.stderr(problemLine(read) + `memkit merge-driver: ${terminalSafe(path)} left as it is on our side; resolve the conflict by hand\n`);
        return EXIT.problems;
      }
      inputs.push(read);
    }
    const merged = mergeMemoryFile(path, { base: inputs[0]!, ours: inputs[1]!, theirs: inputs[2]! }, { hasher: cliHasher });
    if (merged.ok) {
      if (merged.value.text !== inputs[1]) await atomicWrite(a, new TextEncoder().encode(merged.value.text));
      for (const r of merged.value.renumbered) io.stderr(`memkit merge-driver: ${terminalSafe(path)}:${r.line}: theirs' ${r.from} renumbered to ${r.to}\n`);
      return EXIT.ok;
    }
    if (merged.problems.every((p) => p.code === 'git.merge-unsupported')) {
      // Not a format memkit merges: git's own line merge, conflict markers and all.
      const git = nodeGitRunner(io.cwd, { env: io.env });
      const r = await git.run(['merge-file', '-L', 'ours', '-L', 'base', '-L', 'theirs', '--', a, o, b]);
      // systemPatterns.md changes only by appending text a decision records: a line merge of two changes is never clean.
      if (bankFormatOfName(path) === systemPatterns.id) {
        io.stderr(
          `memkit merge-driver: ${terminalSafe(path)} changed on both sides: merge the body by hand, update its header hash and record the change in ${fileNameOf(decisionLog)} [git.merge-unsupported]\n`,
        );
        return EXIT.problems;
      }
      return r.code === 0 ? EXIT.ok : EXIT.problems;
    }
    for (const p of merged.problems) io.stderr(problemLine(p));
    io.stderr(`memkit merge-driver: ${terminalSafe(path)} left as it is on our side (conflict); resolve it by hand, then run "memkit check"\n`);
    return EXIT.problems;
  },
};

/** The `.gitattributes` patterns ({@link attributePattern}) of the thread stores git tracks under `dir`: a thread store is told by its content. */
async function threadStorePatterns(git: GitRunner, dir: string): Promise<string[]> {
  const r = await git.run(['ls-files', '-z', '--', '.']);
  if (r.code !== 0) return [];
  const paths = new TextDecoder()
    .decode(r.stdout)
    .split('\u0000')
    .filter((p) => p.endsWith('.json'));
  const out: string[] = [];
  for (const [path, cls] of classifyPaths(paths)) {
    if (!('sniff' in cls) || !cls.sniff.includes(threadStore.id)) continue;
    const pattern = attributePattern(path);
    if (pattern === undefined) continue;
    const text = await readInput(join(dir, path), 'work tree', path, DEFAULT_MERGE_LIMITS.maxChars);
    if (typeof text === 'string' && sniffFormat([threadStore.id], text) === threadStore.id) out.push(pattern);
  }
  return out.sort();
}

/** One argument quoted for the POSIX shell git runs a merge driver with (git for Windows' too). */
const shellQuote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;

/** How git runs this memkit: this Node binary and this package's CLI script (package.json `bin`), absolute and quoted; undefined when not found. */
async function selfCommand(): Promise<string | undefined> {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    try {
      const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { name?: unknown; bin?: unknown };
      const bin = typeof pkg.bin === 'object' && pkg.bin !== null ? (pkg.bin as Record<string, unknown>).memkit : undefined;
      if (pkg.name === 'memkit' && typeof bin === 'string') {
        const script = await realpath(join(dir, bin));
        return (await stat(script)).isFile() ? `${shellQuote(process.execPath)} ${shellQuote(script)}` : undefined;
      }
    } catch {
      // no package.json here, or not memkit's: look one directory up
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

/** How long setup waits for the driver command to answer before calling it not runnable. */
const PROBE_TIMEOUT_MS = 60_000;

/** `memkit git setup [DIR] [--check]`: routes memory files to the merge driver. */
export const gitCommand: Command = {
  name: 'git',
  help: `Usage: memkit git setup [DIR] [--check] [--command CMD] [--format text|json|sarif]

Writes the .gitattributes lines that send every memory file with a fixed
name (ledgers, ${fileNameOf(events)}, the memory bank, the WBS index and task files,
the memory manifest, and each thread store git tracks under DIR, by its
path) to the memkit merge driver, in DIR/.gitattributes (default .), and
registers the driver in the repository's git config (git config --local
merge.memkit.driver "CMD merge-driver %O %A %B %P"). CMD is this memkit:
the absolute paths of node and of its CLI script, quoted for git's shell.
The command is run first ("CMD merge-driver --help", as git would run it);
if it does not run, nothing is written and setup exits 1. Running setup
again changes nothing; run it again after adding a thread store or moving
memkit.

Options:
  --check          only report whether it is set up, running the registered
                   command (exit 0 yes, 1 no: git.not-set-up,
                   git.driver-not-runnable)
  --command CMD    how git's shell runs memkit instead (one line, e.g.
                   "node_modules/.bin/memkit"; run from the top of the work
                   tree)
${FORMAT_HELP}

Exit status: 0 set up, 1 not set up (--check) or the driver command does
not run, 2 usage error (also when DIR is not in a git work tree).
`,
  options: { format: formatOption, check: { type: 'boolean' }, command: { type: 'string' } },
  async run({ values, positionals }, io) {
    if (positionals[0] !== 'setup') throw new UsageError('the only git subcommand is "setup": memkit git setup [DIR] [--check]');
    if (positionals.length > 2) throw new UsageError('git setup takes at most one DIR');
    const name = positionals[1] ?? '.';
    const dir = await existing(io, name, 'directory');
    const git = nodeGitRunner(dir, { env: io.env, timeoutMs: PROBE_TIMEOUT_MS });
    const inside = await git.run(['rev-parse', '--is-inside-work-tree']);
    if (inside.code !== 0) throw new UsageError(`${name} is not inside a git work tree (run "git init" first)`);
    const attributesPath = join(dir, '.gitattributes');
    let attributes = '';
    try {
      attributes = await readFile(attributesPath, 'utf8');
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') throw new UsageError(`cannot read ${name}/.gitattributes: ${(cause as NodeJS.ErrnoException).code}`);
    }
    const format = values.format as OutputFormat;
    if (values.check) {
      const problems = await checkSetup(git, attributes, '.gitattributes', await threadStorePatterns(git, dir));
      // Any problem, a warning too, means not set up.
      const report = { ...makeReport(name, [], problems), ok: problems.length === 0 };
      return emitReport(io, report, format, format === 'text' && problems.length === 0 ? { text: `memkit merge driver set up in ${name}\n` } : undefined);
    }
    const given = typeof values.command === 'string' ? values.command : undefined;
    if (given !== undefined && (given.trim() === '' || /[\n\r\u0000]/.test(given))) throw new UsageError('--command must be one line');
    const command = given ?? (await selfCommand());
    const problems =
      command === undefined ? [error('git.driver-not-runnable', "cannot find memkit's CLI script (no package.json of memkit above this code): pass --command")] : await configureDriver(git, command);
    if (problems.length > 0) return emitReport(io, makeReport(name, [], problems), format);
    const next = withAttributes(attributes, await threadStorePatterns(git, dir));
    if (next !== attributes) await atomicWrite(resolve(attributesPath), new TextEncoder().encode(next));
    return emitReport(io, makeReport(name, [], []), format, {
      text: `${next === attributes ? 'unchanged' : 'updated'} ${name}/.gitattributes; merge.memkit.driver registered in the repository's git config (${terminalSafe(command!)})\n`,
    });
  },
};
