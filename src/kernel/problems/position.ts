/** A 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/**
 * Maps string offsets to 1-based line/column. Line starts are computed once,
 * on first use, so building one is free until a position is asked for.
 * Lines end at `\n`; a `\r` before it belongs to the line it ends.
 */
export class LineIndex {
  #text: string;
  #starts: number[] | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  /** The 1-based line and column (in UTF-16 code units) of `offset`. */
  position(offset: number): Position {
    const starts = (this.#starts ??= lineStarts(this.#text));
    const clamped = Math.max(0, Math.min(offset, this.#text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: clamped - starts[lo]! + 1 };
  }

  /** The offset where 1-based `line` starts, or the text length past the end. */
  lineStart(line: number): number {
    const starts = (this.#starts ??= lineStarts(this.#text));
    return starts[line - 1] ?? this.#text.length;
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  let i = text.indexOf('\n');
  while (i !== -1) {
    starts.push(i + 1);
    i = text.indexOf('\n', i + 1);
  }
  return starts;
}

/** One-shot helper: the position of `offset` in `text`. */
export function positionAt(text: string, offset: number): Position {
  return new LineIndex(text).position(offset);
}
