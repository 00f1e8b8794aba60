import type { Problem } from '../problems/index.js';
import type { Report } from './report.js';

/** Options for text output. */
export interface TextOptions {
  color: boolean;
}

const paint = (on: boolean, code: string, s: string) => (on ? `\u001b[${code}m${s}\u001b[0m` : s);

/** Renders a report grouped by file, with `file:line:column` locations editors can jump to. */
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
    if (file) lines.push(paint(options.color, '1;4', file));
    for (const p of problems) {
      const where = [file || '<input>', p.line, p.line !== undefined ? (p.column ?? 1) : undefined].filter((x) => x !== undefined).join(':');
      const sev = p.severity === 'error' ? paint(options.color, '31', 'error  ') : paint(options.color, '33', 'warning');
      const pointer = p.pointer ? ` ${paint(options.color, '2', `at ${p.pointer || '/'}`)}` : '';
      lines.push(`  ${where}  ${sev}  ${p.message}${pointer}  ${paint(options.color, '2', p.code)}`);
    }
    lines.push('');
  }
  const errors = report.problems.filter((p) => p.severity === 'error').length;
  const warnings = report.problems.length - errors;
  const files = report.checked.length;
  const summary = `${files} file${files === 1 ? '' : 's'} checked, ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
  lines.push(errors > 0 ? paint(options.color, '31', summary) : paint(options.color, '32', summary));
  return lines.join('\n') + '\n';
}
