import { toHex } from './sha256.js';

/** Whether two byte strings are the same bytes; `undefined` (no file) equals only `undefined`. */
export function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A fresh random token of 128 bits as 32 hex digits, from Web Crypto (Node 20, Deno, browsers). */
export function randomToken(): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}

/** The UTF-8 length of a string, without encoding it (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2; // a pair: 4 bytes for 2 units
      i++;
    } else n += 2;
  }
  return n;
}
