import { looksLikeProgressTable, namedOutsideBank } from '../bank-sniff.js';
import { inBank } from '../layout.js';
import { progressTableParser } from '../parsers.js';
import { ALL_AGENTS, type FormatModule } from '../types.js';
import { rowDeleted } from './rules/row-deleted.js';

/** `progress.md`: a Markdown table. */
export const progress: FormatModule<'progress'> = {
  id: 'progress',
  title: 'progress.md',
  family: 'memory-bank',
  names: ['progress.md'],
  matches: inBank('progress.md'),
  mayHold: namedOutsideBank('progress.md'),
  sniff: looksLikeProgressTable,
  schemaIds: ['progress-row'],
  parser: progressTableParser,
  exportKind: 'memory-bank',
  gitPattern: 'progress.md',
  // memory-bank-schema.md: the file's `writers` and `append_only` lines.
  writerRule: { writers: [ALL_AGENTS], appendOnly: false, approvers: ['CIReviewer', 'ReaperOAK'] },
  // Its rows are memory bank entries: the file's deletion deletes them all.
  history: { permanent: true },
  rules: [rowDeleted],
};
