import { warning } from '../../../kernel/problems/index.js';
import type { FormatRule } from '../../rule.js';

const CODE = 'wbs.line-endings';

const index = (eol: string) => ['{', '  "version": "1.0.0",', '  "tasks": []', '}', ''].join(eol);

/** `task-index.json` written with CR LF or lone CR line endings, where the WBS memory files use LF. */
export const lineEndings: FormatRule = {
  code: CODE,
  info: {
    meaning: 'task-index.json has CR LF (or lone CR) line endings, where the WBS memory files are UTF-8 with LF line endings.',
    fix: 'Rewrite the file with LF line endings (for example `git config core.autocrlf input`, then check the file out again).',
    severity: 'warning',
    source: { seed: 'wbs-memory-schema.md', quote: 'Encoding: UTF-8, LF line endings' },
  },
  check: ({ text, lines }) => {
    const at = text.indexOf('\r');
    if (at < 0) return [];
    const { line, column } = lines.position(at);
    const kind = text.charCodeAt(at + 1) === 10 ? 'CR LF' : 'a lone CR';
    return [warning(CODE, `line ${line} ends in ${kind}; the WBS memory files use LF line endings`, { line, column })];
  },
  examples: {
    fail: { '.claude/memory/task-index.json': index('\r\n') },
    pass: { '.claude/memory/task-index.json': index('\n') },
  },
};
