import { defineCodes } from '../kernel/problems/codes.js';

/** The memory bank ledgers: JSON Lines entries after a Markdown preamble. */
const LEDGER_FORMATS = ['product-context', 'active-context', 'decision-log', 'risk-register'] as const;

/**
 * Problem codes raised by the parsers and serializers in `src/parse/`.
 * Generic input codes (`input.too-large`, `input.invalid-utf8`,
 * `input.forbidden-key`, …) live in `src/problems/codes.ts`.
 */
export const parseCodes = defineCodes({
  'id.unicode-collision': {
    meaning:
      'Two ids that must be unique (memory doc, event, thread, operation, WBS or ledger entry ids) are the same text in two Unicode spellings: equal after NFC normalisation (`é` as one code point and as `e` plus a combining accent). Readers, editors and some file systems treat them as one id.',
    fix: 'Spell both the same way (NFC, as most editors type it), or give one of them another id.',
    severity: 'warning',
    source: 'convention',
  },
  'id.lookalike': {
    meaning:
      'Two ids that must be unique look alike: equal after NFKC normalisation, removing invisible characters, mapping Cyrillic and Greek letters drawn like Latin ones, and lower-casing (`Task-1`, `task-1`, `tаsk-1` with a Cyrillic `а`). Often a typo or a spoof.',
    fix: 'Rename one of them so the two can be told apart, or use the one id both mean.',
    severity: 'warning',
    source: 'convention',
  },
  'parse.internal-error': {
    meaning: 'A memkit parser failed unexpectedly on this input (a memkit bug); the input was not changed.',
    fix: 'Report the input that caused it; meanwhile check the file by hand.',
    source: 'operational',
  },
  'parse.not-text': {
    meaning: 'A text parser was given something other than a string.',
    fix: 'Decode the file first (UTF-8) and pass the text.',
    source: 'operational',
  },
  'frontmatter.missing': {
    meaning: 'The file does not start with a `---` line opening YAML frontmatter.',
    fix: 'Start the file with `---`, the YAML keys, and a closing `---` line.',
    source: { seed: 'thunderus-schemas.txt', quote: 'MUST start with YAML frontmatter delimited by `---` lines.' },
    format: ['memory-doc', 'system-patterns'],
  },
  'frontmatter.unclosed': {
    meaning: 'The frontmatter opened by the first `---` line is never closed by another `---` line.',
    fix: 'Add a line containing only `---` after the YAML keys.',
    source: { seed: 'thunderus-schemas.txt', quote: 'MUST start with YAML frontmatter delimited by `---` lines.' },
    format: ['memory-doc', 'system-patterns'],
  },
  'frontmatter.not-a-mapping': {
    meaning: 'The frontmatter YAML is not a mapping of keys to values.',
    fix: 'Write the frontmatter as `key: value` lines.',
    source: { seed: 'thunderus-schemas.txt', quote: 'Minimum keys (YAML):' },
    format: ['memory-doc', 'system-patterns'],
  },
  'frontmatter.update-failed': {
    meaning: 'memkit could not apply the frontmatter update without changing other values; the file was left unchanged.',
    fix: 'Report this with the file; edit the frontmatter by hand meanwhile.',
    source: 'operational',
  },
  'frontmatter.too-large': {
    meaning: 'The YAML frontmatter is larger than `maxFrontmatterBytes` (256 KiB by default); it was not parsed, because YAML parsing needs far more memory than the text it reads.',
    fix: 'Keep frontmatter to small metadata and move long content into the body, or raise `maxFrontmatterBytes` if the file is trusted.',
    source: 'operational',
  },
  'markdown.too-deep': {
    meaning:
      'A line of the Markdown body opens more block quotes or list items than `maxMarkdownNesting` (32 by default); full Markdown parsing would take time growing with the square of that, so headings came from a plain scan of `#` lines and the search text is the body as written.',
    fix: 'Flatten the nesting (no real note needs dozens of levels), or raise `maxMarkdownNesting` if the file is trusted.',
    severity: 'warning',
    source: 'operational',
  },
  'markdown.too-complex': {
    meaning:
      'Parsing the Markdown body in full would cost more than `maxMarkdownWork` (estimated from its many block quote and list lines, lazy continuation lines, setext underlines or delimiter-heavy paragraphs, times the text before them); full Markdown parsing grows with the square of that, so headings came from a plain scan of `#` lines and the search text is the body as written.',
    fix: 'Split the document into smaller notes, or raise `maxMarkdownWork` if the file is trusted.',
    severity: 'warning',
    source: 'operational',
  },
  'markdown.too-many-delimiters': {
    meaning:
      'One paragraph of the Markdown body holds more emphasis, link or code delimiters (`*`, `_`, `[`, `]`, backticks) than `maxMarkdownDelimiters` (1,000 by default); full Markdown parsing would take time growing with the square of that, so headings came from a plain scan of `#` lines and the search text is the body as written.',
    fix: 'Split the paragraph with blank lines or put such text in a fenced code block, or raise `maxMarkdownDelimiters` if the file is trusted.',
    severity: 'warning',
    source: 'operational',
  },
  'frontmatter.not-serializable': {
    meaning: 'A value given for the frontmatter cannot be written as YAML (a function, symbol, bigint, cycle or non-finite number).',
    fix: 'Pass only JSON-like values: strings, finite numbers, booleans, null, arrays and plain objects.',
    source: 'operational',
  },
  'yaml.syntax': {
    meaning: 'The YAML does not parse.',
    fix: 'Fix the YAML at the reported line and column.',
    source: { seed: 'thunderus-schemas.txt', quote: 'Minimum keys (YAML):' },
  },
  'yaml.duplicate-key': {
    meaning: 'A YAML mapping has the same key twice.',
    fix: 'Remove or rename one of the two keys.',
    source: { seed: 'thunderus-schemas.txt', quote: 'Minimum keys (YAML):' },
  },
  'yaml.unknown-tag': {
    meaning: 'The YAML uses a tag (`!name`) outside the YAML 1.2 core schema.',
    fix: 'Remove the tag; memory formats only use plain strings, numbers, booleans, null, lists and mappings.',
    source: { seed: 'thunderus-schemas.txt', quote: 'Minimum keys (YAML):' },
  },
  'yaml.alias-limit': {
    meaning: 'The YAML uses more aliases (`*name`) than the limit allows; this is how alias bombs exhaust memory.',
    fix: 'Write the values out instead of aliasing them, or raise `maxYamlAliases` if the file is trusted.',
    source: 'operational',
  },
  'yaml.alias-cycle': {
    meaning: 'A YAML alias refers to a collection that contains it, so the value would be infinitely deep.',
    fix: 'Remove the alias and write the value out.',
    source: 'operational',
  },
  'jsonl.invalid-json': {
    meaning: 'A line of a JSON Lines file is not valid JSON.',
    fix: 'Fix or remove the line; each line must hold exactly one JSON value.',
    source: { seed: 'thunderus-schemas.txt', quote: 'MUST satisfy JSON Lines rules (UTF-8, newline delimited, each line valid JSON).' },
  },
  'jsonl.truncated-line': {
    meaning: 'The last line has no newline and does not parse: a write was cut off (torn write).',
    fix: 'Remove the partial last line, or restore it from a backup; the lines before it are intact.',
    source: { seed: 'thunderus-schemas.txt', quote: 'MUST satisfy JSON Lines rules (UTF-8, newline delimited, each line valid JSON).' },
  },
  'jsonl.line-too-long': {
    meaning: 'A line is longer than the configured maximum line length; it was skipped without being parsed.',
    fix: 'Split the record, or raise `maxLineLength` if such lines are expected.',
    source: 'operational',
  },
  'jsonl.blank-line': {
    meaning: 'A JSON Lines file has a blank line between records.',
    fix: 'Remove the blank line.',
    severity: 'warning',
    source: 'convention',
  },
  'jsonl.read-failed': {
    meaning: 'Reading the JSON Lines stream failed part way; the lines before the failure were parsed.',
    fix: 'Check the file or stream the data came from and read it again.',
    source: 'operational',
  },
  'jsonl.not-serializable': {
    meaning: 'A value passed to the JSON Lines serializer cannot be written as canonical JSON.',
    fix: 'Pass only JSON values (no undefined at top level, functions, bigints, cycles or non-finite numbers).',
    source: 'operational',
  },
  'ledger-text.non-entry-line': {
    meaning: 'A line after the first ledger entry is neither blank nor a JSON entry; after the first `{` line every non-blank line must be an entry.',
    fix: 'Move Markdown text above the first entry, or remove the line.',
    source: { seed: 'memory-bank-schema.md', quote: 'entry_format: JSON Lines' },
    format: LEDGER_FORMATS,
  },
  'ledger-text.cr-line-endings': {
    meaning: 'The ledger ends lines in a lone CR (old Mac style) before an entry; JSON Lines lines end in LF (CRLF is tolerated), so the entries after it cannot be read as lines.',
    fix: 'Convert the line endings to LF (or CRLF).',
    source: { seed: 'memory-bank-schema.md', quote: 'entry_format: JSON Lines' },
    format: LEDGER_FORMATS,
  },
  'ledger-text.not-an-object': {
    meaning: 'A ledger entry line parses as JSON but is not a JSON object.',
    fix: 'Each entry must be one JSON object on one line.',
    source: { seed: 'memory-bank-schema.md', quote: 'entry_format: JSON Lines' },
    format: LEDGER_FORMATS,
  },
  'table.missing': {
    meaning: 'No Markdown table (header row followed by a `|---|` alignment row) was found.',
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
  'feedback-log.bad-heading': {
    meaning: 'A `##` heading of feedback-log.md is not `## <timestamp> — <from_agent> → <to_agent>` or `## feedback`.',
    fix: 'Write the heading as `## 2026-03-01T10:00:00Z — Reviewer → Author`.',
    source: 'convention',
    format: 'feedback-log',
  },
  'feedback-log.unrecognised-entry': {
    meaning:
      'Before the first `##` entry heading, feedback-log.md holds what looks like an entry (a line led by a timestamp, such as a `###` heading, or a ```yaml block) that memkit does not read as one: it was neither validated nor chained. A warning, because the format fixes no heading level.',
    fix: 'Write each entry under a `## <timestamp> — <from_agent> → <to_agent>` heading, or move the text out of the log.',
    severity: 'warning',
    source: 'convention',
    format: 'feedback-log',
  },
  'feedback-log.missing-block': {
    meaning: 'A feedback entry has no fenced ```yaml block with its fields.',
    fix: 'Add the fields in a ```yaml fenced block under the heading.',
    source: 'convention',
    format: 'feedback-log',
  },
  'feedback-log.unexpected-text': {
    meaning: 'A feedback entry contains text outside its heading and its ```yaml block.',
    fix: 'Put the text in the `description` or `evidence` field.',
    source: 'convention',
    format: 'feedback-log',
  },
  'feedback-log.field-conflict': {
    meaning: 'A field is given both in the entry heading and in its YAML block.',
    fix: 'Keep the field in one place only.',
    source: 'convention',
    format: 'feedback-log',
  },
  'feedback-log.not-serializable': {
    meaning: 'A feedback entry given to the serializer holds a value YAML/JSON cannot represent.',
    fix: 'Pass only JSON-like values.',
    source: 'operational',
  },
  'system-patterns.hash-mismatch': {
    meaning: 'The `hash` in the systemPatterns.md header is not the SHA-256 of the body after the closing `---` line.',
    fix: 'systemPatterns.md is immutable: restore the body, or record the change with a decisionLog.md entry and a new header hash.',
    source: { seed: 'memory-bank-schema.md', quote: 'hash: string (sha256 of body)' },
    format: 'system-patterns',
  },
});

/** A problem code raised by the parsers. */
export type ParseCode = keyof typeof parseCodes;
