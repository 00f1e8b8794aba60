import { jsonParser } from '../parsers.js';
import type { FormatModule } from '../types.js';
import { lineEndings } from './rules/line-endings.js';
import { wbsTaskIndexHistory } from '../wbs/history.js';

/** WBS task memory: `.claude/memory/task-index.json`. */
export const wbsTaskIndex: FormatModule<'wbs-task-index'> = {
  id: 'wbs-task-index',
  title: 'task-index.json',
  family: 'wbs',
  names: ['task-index.json'],
  matches: (path) => /(^|\/)\.claude\/memory\/task-index\.json$/.test(path),
  schemaIds: ['wbs-task-index', 'wbs-index-entry'],
  parser: jsonParser,
  exportKind: 'wbs-index',
  merge: 'items',
  rules: [lineEndings],
  gitPattern: '**/.claude/memory/task-index.json',
  history: wbsTaskIndexHistory,
};
