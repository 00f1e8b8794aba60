import { defineCodes } from '../kernel/problems/codes.js';

/**
 * Problem codes raised by the readers of each syntax (`src/syntax/`).
 * Generic input codes (`input.too-large`, `input.invalid-utf8`,
 * `input.forbidden-key`, …) live in `src/kernel/problems/codes.ts`; a format's own codes live in its folder.
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
  },
  'frontmatter.unclosed': {
    meaning: 'The frontmatter opened by the first `---` line is never closed by another `---` line.',
    fix: 'Add a line containing only `---` after the YAML keys.',
    source: { seed: 'thunderus-schemas.txt', quote: 'MUST start with YAML frontmatter delimited by `---` lines.' },
  },
  'frontmatter.not-a-mapping': {
    meaning: 'The frontmatter YAML is not a mapping of keys to values.',
    fix: 'Write the frontmatter as `key: value` lines.',
    source: { seed: 'thunderus-schemas.txt', quote: 'Minimum keys (YAML):' },
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
});

/** A problem code raised by the parsers. */
export type ParseCode = keyof typeof parseCodes;
