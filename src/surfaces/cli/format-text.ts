import type { Problem } from '../../kernel/problems/index.js';
import type { Report } from './io.js';
import { TEXT_FIELD_MAX, terminalSafe } from './terminal.js';

/** Options for text output. */
export interface TextOptions {
  color: boolean;
  /** Count the formats checked in the summary: `29 files checked (6 memory-doc, 1 events, …), 0 errors, 0 warnings`. */
  formats?: boolean;
}

const paint = (on: boolean, code: string, s: string) => (on ? `\u001b[${code}m${s}\u001b[0m` : s);

const safe = (s: string) => terminalSafe(s, { max: TEXT_FIELD_MAX });

/** Renders a report grouped by file, with `file:line:column` locations; every text from the files read goes through {@link terminalSafe}. */
export function formatText(report: Report, options: TextOptions): string {
  const byFile = new Map<string, Problem[]>();
  for (const p of report.problems) {
    const key = p.file ?? '';
    const list = byFile.get(key);
    if (list) list.push(p);
    else byFile.set(key, [p]);
  }
  if (report.checked.length === 0 && report.problems.length === 0) return '';
  const lines: string[] = [];
  for (const [file, problems] of byFile) {
    const shownFile = safe(file);
    if (file) lines.push(paint(options.color, '1;4', shownFile));
    for (const p of problems) {
      const where = [shownFile || '<input>', p.line, p.line !== undefined ? (p.column ?? 1) : undefined].filter((x) => x !== undefined).join(':');
      const sev = p.severity === 'error' ? paint(options.color, '31', 'error  ') : paint(options.color, '33', 'warning');
      const pointer = p.pointer ? ` ${paint(options.color, '2', `at ${safe(p.pointer) || '/'}`)}` : '';
      lines.push(`  ${where}  ${sev}  ${safe(p.message)}${pointer}  ${paint(options.color, '2', safe(p.code))}`);
    }
    lines.push('');
  }
  const errors = report.problems.filter((p) => p.severity === 'error').length;
  const warnings = report.problems.length - errors;
  const files = report.checked.length;
  const counts = new Map<string, number>();
  if (options.formats) for (const c of report.checked) counts.set(c.format, (counts.get(c.format) ?? 0) + 1);
  const formats = counts.size === 0 ? '' : ` (${[...counts].map(([f, n]) => `${n} ${f}`).join(', ')})`;
  const summary = `${files} file${files === 1 ? '' : 's'} checked${formats}, ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
  lines.push(errors > 0 ? paint(options.color, '31', summary) : paint(options.color, '32', summary));
  return lines.join('\n') + '\n';
}
