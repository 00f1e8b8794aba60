// `String.prototype.isWellFormed` is ES2024 (Node 20, Deno, current browsers); older engines get the
// regex: with the `u` flag a valid surrogate pair is one code point, so `\p{Cs}` matches only a lone half.
const LONE_SURROGATE = /\p{Cs}/u;
const native = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/**
 * True when `s` holds no lone UTF-16 surrogate, i.e. it has a UTF-8 form.
 * RFC 8785 canonical JSON and I-JSON refuse strings that do not.
 *
 * @example isWellFormed('\ud83d\ude00') // true
 * @example isWellFormed('\ud800') // false
 */
export const isWellFormed: (s: string) => boolean = typeof native === 'function' ? (s) => native.call(s) : (s) => !LONE_SURROGATE.test(s);
