/** One cell of a Markdown table row: unescaped, trimmed text and its 1-based column in the line. */
export interface TableCell {
  text: string;
  column: number;
}

const ALIGNMENT = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/** True for a GFM alignment row such as `|---|:--:|`. */
export function isAlignmentRow(line: string): boolean {
  return line.includes('-') && ALIGNMENT.test(line.replace(/\r$/, ''));
}

/**
 * Splits a GFM table row into cells: outer pipes are optional, `\|` is a
 * literal pipe, cells are trimmed.
 *
 * @example splitRow('| a | b \\| c |') // [{ text: 'a', column: 3 }, { text: 'b | c', column: 7 }]
 */
export function splitRow(line: string): TableCell[] {
  let end = line.length;
  while (end > 0 && isSpace(line.charCodeAt(end - 1))) end--;
  let start = 0;
  while (start < end && isSpace(line.charCodeAt(start))) start++;
  if (line.charCodeAt(start) === 124) start++;
  if (end > start && line.charCodeAt(end - 1) === 124 && !escaped(line, end - 1)) end--;
  const cells: TableCell[] = [];
  let cellStart = start;
  for (let i = start; i <= end; i++) {
    if (i === end || (line.charCodeAt(i) === 124 && !escaped(line, i))) {
      const raw = line.slice(cellStart, i);
      let lead = 0;
      while (lead < raw.length && isSpace(raw.charCodeAt(lead))) lead++;
      cells.push({ text: raw.trim().replace(/\\\|/g, '|'), column: cellStart + lead + 1 });
      cellStart = i + 1;
    }
  }
  return cells;
}

// A pipe is escaped when an odd number of backslashes precede it? GFM: any backslash directly before it.
function escaped(line: string, i: number): boolean {
  return i > 0 && line.charCodeAt(i - 1) === 92;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}

/** Renders one cell value: pipes escaped, line breaks turned into spaces. */
export function renderCell(value: string): string {
  return value.replace(/\r?\n|\r/g, ' ').replace(/\|/g, '\\|');
}

/** Renders a row as `| a | b |`. */
export function renderRow(values: readonly string[]): string {
  return values.length === 0 ? '||' : `| ${values.map(renderCell).join(' | ')} |`;
}
