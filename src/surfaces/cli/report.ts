import type { Problem } from '../../kernel/problems/index.js';

/** What a checking command found: the DESIGN §5 JSON shape. */
export interface Report {
  ok: boolean;
  root: string;
  checked: { file: string; format: string }[];
  problems: Problem[];
}

/** Builds a report; `ok` is false when any problem has error severity. */
export function makeReport(root: string, checked: Report['checked'], problems: Problem[]): Report {
  return { ok: !problems.some((p) => p.severity === 'error'), root, checked, problems };
}
