// Text from the files memkit reads, printed raw, could rewrite the terminal: every text printer goes through here.

/** Characters a terminal may act on instead of showing: C0 and C1 controls, DEL, line and paragraph separators, bidi controls. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** The visible escape of one unsafe character: `\t`, `\n`, `\r`, `\x1b`, `\u202e`. */
function visible(ch: string): string {
  const named = NAMED[ch];
  if (named !== undefined) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Options of {@link terminalSafe}. */
export interface TerminalSafeOptions {
  /** Keep `\n` as a line break (for text whose lines are the output's own structure). Default false. */
  keepNewlines?: boolean;
  /** Show at most this many characters of `text`, then `… (N more characters)`. Default: no limit. */
  max?: number;
}

/**
 * `text` made safe to print on a terminal: every control character shown as
 * a visible escape such as `\x1b`; with `max`, long text cut to an excerpt.
 *
 * @example terminalSafe('a\u001b[2Jb') // 'a\\x1b[2Jb'
 */
export function terminalSafe(text: string, options: TerminalSafeOptions = {}): string {
  const { keepNewlines = false, max } = options;
  let s = text;
  let rest = 0;
  if (max !== undefined && s.length > max) {
    // Cut on a code point boundary, so no lone surrogate is printed.
    let cut = max;
    const c = s.charCodeAt(cut - 1);
    if (c >= 0xd800 && c <= 0xdbff) cut--;
    rest = s.length - cut;
    s = s.slice(0, cut);
  }
  const escaped = s.replace(keepNewlines ? UNSAFE_BUT_NEWLINE : UNSAFE, visible);
  return rest > 0 ? `${escaped}… (${rest} more characters)` : escaped;
}

const JSON_UNESCAPED = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** JSON text with the unsafe characters `JSON.stringify` leaves raw written as `\uXXXX` escapes: the same value, safe on a terminal. */
export function jsonTerminalSafe(json: string): string {
  return json.replace(JSON_UNESCAPED, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The longest problem message, file name or pointer text output shows before cutting it short. */
export const TEXT_FIELD_MAX = 500;
