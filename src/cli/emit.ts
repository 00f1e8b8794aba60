import { formatText } from './format-text.js';
import type { CliIo } from './io.js';
import { EXIT } from './io.js';
import type { Report } from './report.js';

/** Output formats every checking command accepts with `--format`. */
export const OUTPUT_FORMATS = ['text', 'json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Prints a report in the chosen format and returns the exit status. */
export function emitReport(io: CliIo, report: Report, format: OutputFormat): number {
  if (format === 'json') io.stdout(JSON.stringify(report) + '\n');
  else io.stdout(formatText(report, { color: io.stdoutTTY && io.env.NO_COLOR === undefined && io.env.FORCE_COLOR !== '0' }));
  return report.ok ? EXIT.ok : EXIT.problems;
}
