import { baseOf } from '../layout.js';
import { jsonLinesParser } from '../parsers.js';
import type { FormatModule } from '../types.js';
import { appendOnlyHistory } from '../memory-bank/append-only.js';

/** The append-only event log, `events.jsonl` (v1), wherever it is. */
export const events: FormatModule<'events'> = {
  id: 'events',
  title: 'events.jsonl',
  family: 'thunderus',
  names: ['events.jsonl'],
  matches: (path) => baseOf(path) === 'events.jsonl',
  schemaIds: ['event'],
  parser: jsonLinesParser,
  exportKind: 'events',
  merge: 'chain',
  gitPattern: 'events.jsonl',
  history: appendOnlyHistory,
};
