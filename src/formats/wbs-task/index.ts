import { jsonParser } from '../parsers.js';
import type { FormatModule } from '../types.js';
import { wbsTaskHistory } from '../wbs/history.js';
import { timestampUtc } from '../wbs/rules/timestamp-utc.js';

/** WBS task memory: `.claude/memory/tasks/<id>.json`, one entity each. */
export const wbsTask: FormatModule<'wbs-task'> = {
  id: 'wbs-task',
  title: 'tasks/<id>.json',
  family: 'wbs',
  matches: (path) => /(^|\/)\.claude\/memory\/tasks\/[^/]+\.json$/.test(path),
  schemaIds: ['wbs-task'],
  parser: jsonParser,
  exportKind: 'wbs-task',
  gitPattern: '**/.claude/memory/tasks/*.json',
  history: wbsTaskHistory,
  rules: [timestampUtc],
};
