import { type Hasher, canonicalize, sha256Hex } from '../canonical/index.js';
import { parseJson } from '../parse/index.js';

/**
 * How a payload's bytes match a `payload_hash`: `'bytes'` when it is the
 * SHA-256 of the raw bytes, `'jcs'` when it is the SHA-256 of the RFC 8785
 * canonical JSON of the bytes parsed as JSON (what memkit writes), `undefined`
 * when neither.
 */
export function payloadMatch(bytes: Uint8Array, hash: string, hasher: Hasher): 'bytes' | 'jcs' | undefined {
  const want = hash.toLowerCase();
  if (sha256Hex(bytes, hasher) === want) return 'bytes';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  const parsed = parseJson(text);
  if (!parsed.ok) return undefined;
  try {
    return sha256Hex(canonicalize(parsed.value), hasher) === want ? 'jcs' : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The path a `payload_loc` names, relative to the checked root and
 * `/`-separated, resolved against `base` (a directory relative to the root);
 * `undefined` when it is not a plain relative file reference inside the root
 * (a URL, an absolute path, or one whose `..` segments climb out).
 */
export function resolvePayloadLoc(base: string, loc: string): string | undefined {
  if (loc === '' || loc.includes('\0') || loc.includes('\\') || loc.startsWith('/') || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(loc)) return undefined;
  const out = base === '' ? [] : base.split('/');
  for (const seg of loc.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(seg);
  }
  return out.length === 0 ? undefined : out.join('/');
}
