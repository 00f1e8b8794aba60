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
