import { defineCodes } from '../../kernel/problems/codes.js';

/** Problem codes of the `progress.md` table. */
export const progressCodes = defineCodes({
  'table.missing': {
    meaning:
      "No Markdown table with the progress table's header was found: no table at all, or none whose header names two of the seed's columns (`task_id`, `status`, …). Other tables are the file's prose. In a prose memory bank this is no problem (the file is read as plain Markdown).",
    fix: 'Add the table with its header and alignment rows.',
    source: { seed: 'memory-bank-schema.md', quote: 'entry_format: Markdown table' },
    format: 'progress',
  },
  'table.missing-column': {
    meaning: 'The table has no column for a required field.',
    fix: 'Add the column to the header row (and a cell for it in every row).',
    source: { seed: 'memory-bank-schema.md', quote: 'entry_format: Markdown table' },
    format: 'progress',
  },
  'table.unknown-column': {
    meaning: 'The table has a column memkit does not know; it is kept but not validated.',
    fix: 'Remove or rename the column if it is a typo.',
    severity: 'warning',
    source: 'convention',
    format: 'progress',
  },
  'table.duplicate-column': {
    meaning: 'Two columns of the table have the same name.',
    fix: 'Rename or remove one of them.',
    source: { seed: 'memory-bank-schema.md', quote: 'entry_format: Markdown table' },
    format: 'progress',
  },
  'table.cell-count': {
    meaning: 'A table row has a different number of cells than the header.',
    fix: 'Give the row one cell per column; escape a `|` inside a cell as `\\|`.',
    source: 'convention',
    format: 'progress',
  },
  'table.too-many-rows': {
    meaning: 'The table has more rows than the configured limit.',
    fix: 'Archive old rows, or raise `maxTableRows`.',
    source: 'operational',
    format: 'progress',
  },
});
