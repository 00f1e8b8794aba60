/** The number of `\n` characters in `text` before offset `end`. */
export function countNewlines(text: string, end = text.length): number {
  let n = 0;
  let i = text.indexOf('\n');
  while (i !== -1 && i < end) {
    n++;
    i = text.indexOf('\n', i + 1);
  }
  return n;
}
