const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard padded base64 (RFC 4648 §4) of bytes. */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Bytes of padded base64 with no whitespace, or `undefined` when malformed; any padding bits are accepted (as Go's `StdEncoding` reads). */
export function readBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0 || /[^A-Za-z0-9+/=]/.test(text)) return undefined;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Bytes of strict padded base64, or `undefined` when malformed (no whitespace, canonical padding bits). */
export function decodeBase64(text: string): Uint8Array | undefined {
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (pad > 0 && (ALPHABET.indexOf(text.charAt(text.length - pad - 1)) & (pad === 2 ? 15 : 3)) !== 0) return undefined;
  return readBase64(text);
}
