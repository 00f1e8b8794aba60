import { RULES } from '../../all-codes.js';
import { checkDirectory } from '../../../engine/index.js';
import { checkAgainstBase } from '../../../engine/check-base.js';
import { gitBaseFiles, resolveRevision } from '../../../services/git/runner.js';
import { nodeGitRunner } from '../../../adapters/node/git.js';
import { CONFIG_FILE } from '../../../engine/config.js';
import { decisionLog, events, fileNameOf, productContext, systemPatterns } from '../../../formats/index.js';
import { cliConfig } from '../config-file.js';
import { type Command, UsageError } from '../command.js';
import { emitReport, type OutputFormat, useColor } from '../emit.js';
import { formatText } from '../format-text.js';
import { EXIT, makeReport } from '../io.js';
import { warning } from '../../../kernel/problems/index.js';
import { nodeCheckSource } from '../../../adapters/node/check-source.js';
import { progressBar } from '../progress.js';
import { dirname, resolve } from 'node:path';
import type { MemkitConfig } from '../../../engine/config.js';
import type { TokenCounter } from '../../../schema/tokens.js';
import { loadTokenizer } from '../tokenizer.js';
import type { CliIo } from '../io.js';
import { FORMAT_HELP, absolute, byteSize, cliHasher, dirUri, existing, formatOption, positiveInt, profileOption } from './shared.js';

const DEFAULT_MAX = 64 * 1024 * 1024;

/** `memkit check [DIR]`: discovers and checks every memkit format under DIR. */
export const checkCommand: Command = {
  name: 'check',
  help: `Usage: memkit check [DIR] [--format text|json|sarif] [--max-file-size SIZE]
                   [--max-problems N] [--profile spec|strict] [--config FILE]
                   [--base REV] [--tokenizer MODULE]

Finds every memkit format under DIR (default .): memory docs, manifest,
${fileNameOf(events)}, gardener config, memory bank files, WBS task memory, thread
stores and export bundles. Checks each file, then the rules across files:
manifest vs docs, event and provenance references, ledger chains,
${fileNameOf(systemPatterns)} hash and its ${fileNameOf(decisionLog)} entry, writer policy,
${fileNameOf(productContext)} payload hashes, gardener size caps, WBS index vs
tasks/*.json, thread store rules, export bundles (verified, not imported).

Options:
${FORMAT_HELP}
  --max-file-size SIZE       files larger than this are reported, not read
                             (default 64m; accepts 1048576, 512k, 64m)
  --max-problems N           report at most N problems per file, then one
                             problems.truncated saying how many more were
                             found (default 100)
  --profile spec|strict      spec (default): only what a format's
                             specification states is an error, memkit's own
                             conventions are warnings; strict: conventions
                             are errors too (wins over the config's profile)
  --config FILE              the config to use instead of DIR/${CONFIG_FILE}
                             (profile, per-rule severity off|warn|error,
                             memory-bank writer rosters, ignore globs)
  --base REV                 also compare every memory file with its version
                             at the git revision REV (read with git show, no
                             checkout): ledger and events entries edited,
                             deleted, reordered or cut, a ${fileNameOf(systemPatterns)}
                             body rewritten, a frozen or archived thread
                             changed, a task reopened, a schema version down,
                             an append-only file deleted (a REV that names
                             no single commit is a usage error; a base
                             version that cannot be read is an error)
  --tokenizer MODULE         count summary_128 tokens exactly with the
                             default export of MODULE, an ES module file
                             exporting (text) => number (wins over the
                             tokenizer of a config given with --config,
                             relative to that file; a config found in DIR
                             may not run code); without one, a summary over 128
                             words is an error and one over 128 tokens by
                             memkit's estimate only a warning. The module is
                             run: name only one you trust

A memory bank in the prose dialect (plain Markdown, no JSON Lines entries
and no ${fileNameOf(systemPatterns)} header) is read as prose, with one warning saying
which files were not verified. Text output ends with one line saying how
many files of which formats were checked.

Exit status: 0 no errors, 1 problems found, 2 usage error (also when DIR
holds no memkit file: nothing to check, and for a config file that is not
valid: its file, line and column are named).
`,
  options: {
    format: formatOption,
    'max-file-size': { type: 'string' },
    'max-problems': { type: 'string' },
    profile: { type: 'string' },
    config: { type: 'string' },
    base: { type: 'string' },
    tokenizer: { type: 'string' },
  },
  async run({ values, positionals }, io) {
    if (positionals.length > 1) throw new UsageError('check takes at most one DIR');
    const name = positionals[0] ?? '.';
    const dir = await existing(io, name, 'directory');
    const maxFileBytes = byteSize(values['max-file-size'], '--max-file-size') ?? DEFAULT_MAX;
    const maxProblems = positiveInt(values['max-problems'], '--max-problems');
    const profile = profileOption(values.profile);
    const config = await cliConfig(values.config as string | undefined, dir, name, io);
    const configFile = values.config as string | undefined;
    const countTokens = await tokenizerOf(values.tokenizer as string | undefined, configFile === undefined ? null : config, configFile === undefined ? dir : dirname(absolute(io, configFile)), io);
    // A config found in the checked directory is the directory's to write: it may name a tokenizer, not run one.
    const notRun =
      configFile === undefined && values.tokenizer === undefined && config?.tokenizer !== undefined
        ? [
            warning(
              'config.tokenizer-not-run',
              `the config in ${name} names the tokenizer ${JSON.stringify(config.tokenizer)}, which was not run: a config inside the checked directory cannot run code; pass --tokenizer, or the config with --config`,
              {
                file: CONFIG_FILE,
                pointer: '/tokenizer',
              },
            ),
          ]
        : [];
    const rev = values.base as string | undefined;
    const git = rev === undefined ? undefined : nodeGitRunner(dir, { env: io.env });
    const commit = git === undefined || rev === undefined ? undefined : await resolveRevision(git, rev);
    if (git !== undefined && commit === undefined) throw new UsageError(`--base ${rev}: names no single git commit in ${name} (give a branch, tag or commit; not a range, an exclusion or an option)`);
    const progress = progressBar(io, 'checking');
    const checker =
      git === undefined || commit === undefined
        ? checkDirectory
        : (source: Parameters<typeof checkDirectory>[0], o: Parameters<typeof checkDirectory>[1]) => checkAgainstBase(source, gitBaseFiles(git, commit), o);
    const result = await checker(nodeCheckSource(dir, { maxFileBytes }), {
      hasher: cliHasher,
      maxFileBytes,
      ...(maxProblems === undefined ? {} : { maxProblems }),
      ...(profile === undefined ? {} : { profile }),
      config,
      codes: RULES,
      ...(countTokens === undefined ? {} : { countTokens }),
      onProgress: (d, t) => progress.update(d, t),
    });
    progress.done();
    // A run that found nothing must not look like a clean one.
    if (result.checked.length === 0 && result.problems.length === 0)
      throw new UsageError(`nothing to check: ${name} holds no memkit file (memory docs, memory bank, task memory, thread store, export bundle)`);
    const report = makeReport(name, result.checked, [...notRun, ...result.problems]);
    const format = values.format as OutputFormat;
    if (format !== 'text') return emitReport(io, report, format, { rootUri: dirUri(dir) });
    io.stdout(formatText(report, { color: useColor(io), formats: true }));
    return report.ok ? EXIT.ok : EXIT.problems;
  },
};

/** The exact token counter of a run: `--tokenizer` (relative to the working directory), else the config's `tokenizer` (relative to the config file). */
async function tokenizerOf(option: string | undefined, config: MemkitConfig | null, configDir: string, io: CliIo): Promise<TokenCounter | undefined> {
  if (option !== undefined) return loadTokenizer(absolute(io, option), `--tokenizer ${option}`);
  const path = config?.tokenizer;
  return path === undefined ? undefined : loadTokenizer(resolve(configDir, path), `the config's tokenizer ${path}`);
}
