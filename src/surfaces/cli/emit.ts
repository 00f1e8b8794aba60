import { resolve } from 'node:path';
import { formatText } from './format-text.js';
import { type CliIo, EXIT, type Report } from './io.js';
import type { Problem } from '../../kernel/problems/index.js';
import { memkitVersion } from './version.js';
import { jsonTerminalSafe, terminalSafe } from './terminal.js';
import { dirUri } from './commands/args.js';

import { OUTPUT_FORMATS } from './io.js';

export { OUTPUT_FORMATS };
/** One of {@link OUTPUT_FORMATS}. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** True when text output may use colour: stdout is a terminal, `NO_COLOR` is unset and `FORCE_COLOR` is not `0`. */
export function useColor(io: CliIo): boolean {
  return io.stdoutTTY && io.env.NO_COLOR === undefined && io.env.FORCE_COLOR !== '0';
}

/**
 * Prints a report and returns the exit status (0 no errors, 1 problems):
 * `extra.text` before the text report, `extra.json` added to the JSON object,
 * SARIF locations relative to `extra.rootUri` (default: `report.root`'s directory).
 * The SARIF writer, with its table of every rule, is loaded only for SARIF.
 */
export async function emitReport(io: CliIo, report: Report, format: OutputFormat, extra?: { text?: string; json?: Record<string, unknown>; rootUri?: string }): Promise<number> {
  if (format === 'json') {
    const ordered = { ...report, problems: report.problems.map(orderKeys) };
    io.stdout(jsonTerminalSafe(JSON.stringify(extra?.json ? { ...ordered, ...extra.json } : ordered)) + '\n');
  } else if (format === 'sarif') {
    const { formatSarif } = await import('./format-sarif.js');
    const rootUri = extra?.rootUri ?? dirUri(resolve(io.cwd, report.root));
    io.stdout(jsonTerminalSafe(JSON.stringify(formatSarif(report, { version: memkitVersion(), rootUri, windows: process.platform === 'win32' }), null, 2)) + '\n');
  } else io.stdout(terminalSafe(extra?.text ?? '', { keepNewlines: true }) + formatText(report, { color: useColor(io) }));
  return report.ok ? EXIT.ok : EXIT.problems;
}

/** A problem with its keys in the order `--format json` prints them: code, severity, file, line, column, pointer, message. */
function orderKeys(p: Problem): Problem {
  const out: Problem = { code: p.code, severity: p.severity } as Problem;
  if (p.file !== undefined) out.file = p.file;
  if (p.line !== undefined) out.line = p.line;
  if (p.column !== undefined) out.column = p.column;
  if (p.pointer !== undefined) out.pointer = p.pointer;
  out.message = p.message;
  return out;
}
