import { inBank } from './layout.js';
import { jsonParser } from './parsers.js';
import type { FormatModule } from './types.js';

/** `workflow-state.json`. */
export const workflowState: FormatModule<'workflow-state'> = {
  id: 'workflow-state',
  title: 'workflow-state.json',
  family: 'memory-bank',
  matches: inBank('workflow-state.json'),
  schemaIds: ['workflow-state'],
  parser: jsonParser,
  exportKind: 'memory-bank',
};
