import { basename, dirname, relative, sep } from 'node:path';
import { nodeGitRunner } from '../../../adapters/node/git.js';
import { MEMORY_BANK_DIR } from '../../../formats/index.js';
import { type Command, UsageError } from '../command.js';
import { type OutputFormat, emitReport } from '../emit.js';
import { makeReport } from '../io.js';
import { ALLOW_SECRET_HELP, FORMAT_HELP, absolute, allowSecretOption, existing, formatOption, shown } from './shared.js';
import { memoryAt } from './memory-at.js';

/** What to do about the old bytes once a file git tracks was redacted: the working tree is clean, history is not. */
export function gitHistoryAdvice(rel: string): string {
  return `${rel} is tracked by git: every earlier commit still holds the redacted bytes. Rotate the secret, then purge it from history,
e.g. with git filter-repo --replace-text FILE (a line "SECRET==>***REMOVED***"), or --invert-paths --path ${rel} to drop the file's history,
and force-push every branch; clones and forks keep their copies (docs/security.md).
`;
}

/** `memkit redact FILE --line N --reason TEXT --as AGENT`: replaces one ledger entry by a tombstone that keeps the chain verifiable. */
export const redactCommand: Command = {
  name: 'redact',
  help: `Usage: memkit redact FILE --line N --reason TEXT --as AGENT [--dir DIR] [--allow-secret FINGERPRINT]... [--format text|json|sarif]

Redacts the entry on line N of the JSON Lines ledger FILE (decisionLog.md,
activeContext.md, riskRegister.md, productContext.md): the entry is replaced by
a tombstone that keeps its chain hash and Merkle leaf hash, and a redaction
record naming the line and the hashes is appended to FILE. memkit verify still
passes, a checkpoint taken before the redaction still verifies, and every other
entry's inclusion proof is unchanged; none of the entry's bytes remain in FILE.
The writer policy applies to AGENT as for an append; the result is checked as
memkit check would check it, or refused with nothing written.

Git history keeps the old bytes: when FILE is tracked by git, the command says
how to purge them. Rotate the secret in any case.

Options:
  --line N                    the 1-based line of the entry (memkit check reports it)
  --reason TEXT               why (recorded in the ledger; never the secret itself)
  --as AGENT                  the agent redacting
  --dir DIR                   the memory directory FILE belongs to (default: the folder
                              holding the memory bank, or FILE's folder)
${ALLOW_SECRET_HELP}
${FORMAT_HELP}

Exit status: 0 redacted, 1 refused (problems printed, nothing changed), 2 usage error.
`,
  options: {
    line: { type: 'string' },
    reason: { type: 'string' },
    as: { type: 'string' },
    dir: { type: 'string' },
    'allow-secret': allowSecretOption,
    format: formatOption,
  },
  async run({ values, positionals }, io) {
    const [fileArg, ...extra] = positionals;
    if (fileArg === undefined) throw new UsageError('redact needs a ledger FILE');
    if (extra.length > 0) throw new UsageError('too many arguments');
    const lineText = values.line as string | undefined;
    if (lineText === undefined || !/^[1-9][0-9]{0,9}$/.test(lineText)) throw new UsageError('redact needs --line N, a 1-based line number');
    const reason = values.reason as string | undefined;
    if (reason === undefined || reason.trim() === '') throw new UsageError('redact needs --reason TEXT');
    const as = values.as as string | undefined;
    if (as === undefined || as === '') throw new UsageError('redact needs --as AGENT');
    const file = absolute(io, fileArg);
    const folder = dirname(file);
    const root = values.dir === undefined ? (basename(folder) === MEMORY_BANK_DIR ? dirname(folder) : folder) : await existing(io, values.dir as string, 'directory');
    const rel = relative(root, file).split(sep).join('/');
    if (rel === '' || rel.startsWith('..')) throw new UsageError(`${fileArg} is not inside ${shown(io, root)}`);
    const memory = memoryAt(root, values);
    const done = await memory.redact(rel, { line: Number(lineText), reason, as });
    const format = values.format as OutputFormat;
    const problems = done.problems ?? [];
    if (!done.ok) return emitReport(io, makeReport(shown(io, root), [], problems), format, { text: 'nothing was written\n' });
    const tracked = (await nodeGitRunner(dirname(file)).run(['ls-files', '--error-unmatch', '--', basename(file)])).code === 0;
    const r = done.value;
    const text = `redacted the entry on line ${r.line} of ${r.path} (entry ${r.index}, hash ${r.hash}); the redaction record is line ${r.recordLine}\n${tracked ? gitHistoryAdvice(rel) : ''}`;
    return emitReport(io, makeReport(shown(io, root), [], problems), format, {
      text,
      json: { written: true, path: r.path, line: r.line, index: r.index, hash: r.hash, leaf: r.leaf, recordLine: r.recordLine, gitTracked: tracked },
    });
  },
};
