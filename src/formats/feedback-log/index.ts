import { looksLikeFeedbackLog, namedOutsideBank } from '../bank-sniff.js';
import { inBank } from '../layout.js';
import { feedbackLogParser } from '../parsers.js';
import { ALL_AGENTS, type LedgerFormatModule } from '../types.js';
import { feedbackLogHistory } from './history.js';

/** `feedback-log.md`: headed YAML entries, append-only. */
export const feedbackLog: LedgerFormatModule<'feedback-log'> = {
  id: 'feedback-log',
  title: 'feedback-log.md',
  family: 'memory-bank',
  names: ['feedback-log.md'],
  matches: inBank('feedback-log.md'),
  mayHold: namedOutsideBank('feedback-log.md'),
  sniff: looksLikeFeedbackLog,
  schemaIds: ['feedback-log-entry'],
  parser: feedbackLogParser,
  exportKind: 'ledger',
  gitPattern: 'feedback-log.md',
  // memory-bank-schema.md: the file's `writers` and `append_only` lines.
  writerRule: { writers: [ALL_AGENTS], appendOnly: true },
  ledger: { tsField: 'timestamp', writerField: 'from_agent', entries: 'yaml-blocks' },
  history: feedbackLogHistory,
};
