import { checkDirectory } from '../../check/index.js';
import { type Command, UsageError } from '../command.js';
import { emitReport, type OutputFormat } from '../emit.js';
import { nodeCheckSource } from '../node-source.js';
import { progressBar } from '../progress.js';
import { makeReport } from '../report.js';
import { FORMAT_HELP, absolute, byteSize, cliHasher, dirUri, formatOption, positiveInt, requireDir, shown } from './shared.js';

const DEFAULT_MAX = 64 * 1024 * 1024;

/** `memkit check [DIR]`: discovers and checks every memkit format under DIR. */
export const checkCommand: Command = {
  name: 'check',
  summary: 'discover and check every memkit file under a directory',
  help: `Usage: memkit check [DIR] [--format text|json|sarif] [--max-file-size SIZE]
                   [--max-problems N]

Finds every memkit format under DIR (default .): memory docs, manifest,
events.jsonl, gardener config, memory bank files, WBS task memory, thread
stores and export bundles. Checks each file, then the rules across files:
manifest vs docs, event and provenance references, ledger chains,
systemPatterns.md hash and its decisionLog.md entry, writer policy, WBS index
vs tasks/*.json, thread store rules, export bundles (verified, not imported).

Options:
${FORMAT_HELP}
  --max-file-size SIZE       files larger than this are reported, not read
                             (default 64m; accepts 1048576, 512k, 64m)
  --max-problems N           report at most N problems per file, then one
                             problems.truncated saying how many more were
                             found (default 100)

Exit status: 0 no errors, 1 problems found, 2 usage error.
`,
  options: { format: formatOption, 'max-file-size': { type: 'string' }, 'max-problems': { type: 'string' } },
  async run({ values, positionals }, io) {
    if (positionals.length > 1) throw new UsageError('check takes at most one DIR');
    const dir = absolute(io, positionals[0] ?? '.');
    await requireDir(dir, positionals[0] ?? '.');
    const maxFileBytes = byteSize(values['max-file-size'], '--max-file-size') ?? DEFAULT_MAX;
    const maxProblems = positiveInt(values['max-problems'], '--max-problems');
    const progress = progressBar(io, 'checking');
    const result = await checkDirectory(nodeCheckSource(dir, maxFileBytes), { hasher: cliHasher, maxFileBytes, ...(maxProblems === undefined ? {} : { maxProblems }), onProgress: (d, t) => progress.update(d, t) });
    progress.done();
    const report = makeReport(positionals[0] ?? '.', result.checked, result.problems);
    return emitReport(io, report, values.format as OutputFormat, { rootUri: dirUri(dir) });
  },
};
