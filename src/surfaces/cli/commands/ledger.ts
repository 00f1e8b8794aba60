import { readFile } from 'node:fs/promises';
import { toHex } from '../../../kernel/canonical/index.js';
import { MerkleTree, entryLeaf, formatCheckpoint, isNoteText, parseCheckpoint } from '../../../services/ledger/index.js';
import { type Problem, inFile } from '../../../kernel/problems/index.js';
import { CONFIG_FILE } from '../../../engine/config.js';
import { applyPolicy, severityPolicy } from '../../../engine/profile.js';
import { RULES } from '../../../engine/rules.js';
import { LEDGER_MODULES, MEMORY_BANK_DIR, bankFormatOfName, decisionLog, fileNameOf, productContext, progress as progressFormat } from '../../../formats/index.js';
import { type Command, UsageError } from '../command.js';
import { cliConfig } from '../config-file.js';
import { emitReport, type OutputFormat } from '../emit.js';
import { EXIT, makeReport } from '../io.js';
import { progressBar } from '../progress.js';
import { terminalSafe } from '../terminal.js';
import { isFsError, ledgerEntries, ledgerFormat, payloadResolver, unreadable, verifyLedgerPath } from './ledger-input.js';
import { FORMAT_HELP, cliHasher, existing, formatOption, profileOption, shown } from './shared.js';

const LEDGERS = `${LEDGER_MODULES.map(fileNameOf).join(', ')}, or any JSON Lines ledger`;

/** `memkit verify LEDGER [--checkpoint FILE]`: verifies a hash-chained ledger. */
export const verifyCommand: Command = {
  name: 'verify',
  help: `Usage: memkit verify LEDGER [--checkpoint FILE] [--profile spec|strict] [--config FILE]
                     [--format text|json|sarif]

Verifies every entry of LEDGER (${LEDGERS}): each entry against its schema,
the predecessor_hash chain, duplicate ids and timestamps. Reports the first
broken entry with its line. With --checkpoint FILE (written earlier by
"memkit checkpoint"), also detects deleted tail entries and rewritten history.

Options:
  --checkpoint FILE          a checkpoint recorded earlier
  --profile spec|strict      spec (default): a convention memkit adds to a
                             format's specification is a warning; strict:
                             an error (wins over the config's profile), as
                             for "memkit check"
  --config FILE              the config to use instead of ./${CONFIG_FILE}
                             (its profile and per-rule severities apply)
${FORMAT_HELP}

${fileNameOf(productContext)} entries' payload_hash is compared with the file payload_loc
names, looked up as "memkit check" looks it up: beside the ledger, then at the
working directory (or the ledger's directory, for a ledger outside it), never
outside it. The SHA-256 of its bytes or of its canonical JSON must match.
Each problem has the severity "memkit check" gives it under the same profile
and config.

Exit status: 0 the ledger verifies, 1 problems found (an unreadable file too),
2 usage error (also a file with no ledger entries: nothing to verify).
`,
  options: { checkpoint: { type: 'string' }, profile: { type: 'string' }, config: { type: 'string' }, format: formatOption },
  async run({ values, positionals }, io) {
    if (positionals.length !== 1) throw new UsageError('verify takes exactly one LEDGER');
    const abs = await existing(io, positionals[0]!, 'file');
    // The severities `memkit check` gives: `--profile`, else the config's (`--config FILE`, else ./memkit.config.json), and its per-rule settings.
    const profile = profileOption(values.profile);
    const policy = severityPolicy(await cliConfig(values.config as string | undefined, io.cwd, '.', io), profile, RULES);
    const decide = (p: Problem) => applyPolicy(p, policy);
    const rel = shown(io, abs);
    const problems: Problem[] = [];
    let cp: { size: number; root: string } | undefined;
    if (values.checkpoint !== undefined) {
      const cpAbs = await existing(io, values.checkpoint as string, 'file');
      const cpText = await readFile(cpAbs, 'utf8').catch((cause: unknown) => {
        if (!isFsError(cause)) throw cause;
        problems.push({ ...unreadable(cause), file: shown(io, cpAbs) });
        return undefined;
      });
      const parsed = cpText === undefined ? undefined : parseCheckpoint(cpText);
      if (parsed?.ok) cp = { size: parsed.value.size, root: parsed.value.root };
      else if (parsed !== undefined) problems.push(...inFile(parsed.problems, shown(io, cpAbs)));
    }
    const progress = progressBar(io, 'verifying');
    const summary = await verifyLedgerPath(abs, rel, { hasher: cliHasher, payloads: payloadResolver(abs, io.cwd), decide, ...(cp ? { checkpoint: cp } : {}) }, progress);
    progress.done();
    // "0 entries, 0 errors" would pass a README as a sound ledger; a problem raised as an error is reported as the profile rates it.
    if (summary.entries === 0 && problems.length === 0 && !summary.raisedErrors) {
      const why = summary.problems.map((p) => `\n  ${rel}:${p.line ?? 1}: ${p.message} (${p.code})`).join('');
      throw new UsageError(`nothing to verify: ${rel} holds no ledger entries${notLedger(rel)}${why}`);
    }
    problems.push(...inFile(summary.problems, rel));
    const report = makeReport('.', [{ file: rel, format: ledgerFormat(rel) }], problems);
    const head = `${rel}: ${summary.entries} entr${summary.entries === 1 ? 'y' : 'ies'}, head ${summary.head}${cp ? `, checked against a checkpoint of ${cp.size}` : ''}\n`;
    return emitReport(io, report, values.format as OutputFormat, { text: head, json: { entries: summary.entries, head: summary.head } });
  },
};

// Why a file with no entries may not be a ledger at all, for the usage error.
function notLedger(rel: string): string {
  if (bankFormatOfName(rel) === progressFormat.id) return ` (${fileNameOf(progressFormat)} is a Markdown table, not a ledger; check it with "memkit check")`;
  return ledgerFormat(rel) === 'ledger' ? ' (is it a ledger?)' : ' (a prose file, or a ledger with nothing appended yet)';
}

/** `memkit checkpoint LEDGER`: prints the C2SP checkpoint (size and Merkle root) of a ledger. */
export const checkpointCommand: Command = {
  name: 'checkpoint',
  help: `Usage: memkit checkpoint LEDGER [--origin NAME] [--format text|json|sarif]

Verifies LEDGER, then prints its checkpoint: the C2SP text form (origin line,
entry count, base64 RFC 9162 Merkle root). Keep it somewhere the ledger's
writers cannot change, and later run "memkit verify LEDGER --checkpoint FILE"
to detect deleted or rewritten entries.

  memkit checkpoint ${MEMORY_BANK_DIR}/${fileNameOf(decisionLog)} > decisionLog.checkpoint

Options:
  --origin NAME              the checkpoint's first line (default: the ledger path)
${FORMAT_HELP}

Exit status: 0 printed, 1 the ledger has problems (no checkpoint printed), 2 usage error.
`,
  options: { origin: { type: 'string' }, format: formatOption },
  async run({ values, positionals }, io) {
    if (positionals.length !== 1) throw new UsageError('checkpoint takes exactly one LEDGER');
    const abs = await existing(io, positionals[0]!, 'file');
    const rel = shown(io, abs);
    const origin = (values.origin as string | undefined) ?? rel;
    // A signed note may not hold control characters; a ledger path with them needs --origin.
    if (origin === '' || origin.includes('\n') || !isNoteText(origin)) throw new UsageError('--origin must be one non-empty line without control characters');
    const progress = progressBar(io, 'hashing');
    const summary = await verifyLedgerPath(abs, rel, { hasher: cliHasher, checkpointAll: true }, progress);
    progress.done();
    const report = makeReport('.', [{ file: rel, format: ledgerFormat(rel) }], inFile(summary.problems, rel));
    const format = values.format as OutputFormat;
    if (!report.ok || summary.checkpoint === undefined) return emitReport(io, report, format);
    const text = formatCheckpoint({ origin, size: summary.checkpoint.size, root: summary.checkpoint.root });
    if (format === 'text') {
      io.stdout(text);
      return EXIT.ok;
    }
    return emitReport(io, report, format, { json: { checkpoint: { origin, size: summary.checkpoint.size, root: summary.checkpoint.root, text } } });
  },
};

/** `memkit prove LEDGER INDEX`: prints the RFC 9162 inclusion proof of one entry. */
export const proveCommand: Command = {
  name: 'prove',
  help: `Usage: memkit prove LEDGER INDEX [--format text|json|sarif]

Prints the RFC 9162 inclusion proof that entry INDEX (0-based: the first
entry is 0) is in LEDGER's current checkpoint: the leaf hash, the tree size
and root, and the audit path (hex, leaf to root).

Options:
${FORMAT_HELP}

Exit status: 0 printed, 1 the ledger has problems, 2 usage error (INDEX out of range).
`,
  options: { format: formatOption },
  async run({ values, positionals }, io) {
    if (positionals.length !== 2) throw new UsageError('prove takes LEDGER and INDEX');
    const abs = await existing(io, positionals[0]!, 'file');
    const index = Number(positionals[1]);
    if (!/^(0|[1-9][0-9]*)$/.test(positionals[1]!) || !Number.isSafeInteger(index)) throw new UsageError('INDEX must be a non-negative integer (0 is the first entry)');
    const rel = shown(io, abs);
    const { entries, problems } = await ledgerEntries(abs, rel);
    const report = makeReport('.', [{ file: rel, format: ledgerFormat(rel) }], inFile(problems, rel));
    const format = values.format as OutputFormat;
    if (!report.ok) return emitReport(io, report, format);
    if (index >= entries.length) throw new UsageError(`INDEX ${index} is out of range: ${rel} has ${entries.length} entries`);
    const tree = new MerkleTree(cliHasher);
    for (const e of entries) tree.appendLeafHash(entryLeaf(e.value, cliHasher));
    const proof = {
      index,
      line: entries[index]!.line,
      size: tree.size,
      root: toHex(tree.root()),
      leaf: toHex(tree.leaf(index)),
      path: tree.inclusionProof(index).map(toHex),
    };
    if (format === 'text') {
      io.stdout(
        `entry ${index} (line ${proof.line}) of ${terminalSafe(rel)}\nsize ${proof.size}\nroot ${proof.root}\nleaf ${proof.leaf}\n${proof.path.map((h) => `path ${h}`).join('\n')}${proof.path.length ? '\n' : ''}`,
      );
      return EXIT.ok;
    }
    return emitReport(io, report, format, { json: { proof } });
  },
};
