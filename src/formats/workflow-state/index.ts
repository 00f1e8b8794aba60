import { jsonNaming, namedOutsideBank } from '../bank-sniff.js';
import { inBank } from '../layout.js';
import { jsonParser } from '../parsers.js';
import type { FormatModule } from '../types.js';

/** `workflow-state.json`. */
export const workflowState: FormatModule<'workflow-state'> = {
  id: 'workflow-state',
  title: 'workflow-state.json',
  family: 'memory-bank',
  names: ['workflow-state.json'],
  matches: inBank('workflow-state.json'),
  mayHold: namedOutsideBank('workflow-state.json'),
  sniff: jsonNaming('session_id', 'phases'),
  schemaIds: ['workflow-state'],
  parser: jsonParser,
  exportKind: 'memory-bank',
  gitPattern: 'workflow-state.json',
  // memory-bank-schema.md: the file's `writers` and `append_only` lines.
  writerRule: { writers: ['ReaperOAK'], appendOnly: false },
};
