import { type Hasher, canonicalize, sha256Hex } from '../canonical/index.js';
import { parseJson } from '../parse/index.js';

/** The two SHA-256 forms a `payload_hash` may take for one payload file: of its raw bytes, and (when it is JSON) of its RFC 8785 canonical JSON. */
export interface PayloadDigests {
  bytes: string;
  jcs?: string;
}

/** Computes the {@link PayloadDigests} of a payload file's bytes. */
export function payloadDigests(bytes: Uint8Array, hasher: Hasher): PayloadDigests {
  const out: PayloadDigests = { bytes: sha256Hex(bytes, hasher) };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return out;
  }
  const parsed = parseJson(text);
  if (!parsed.ok) return out;
  try {
    out.jcs = sha256Hex(canonicalize(parsed.value), hasher);
  } catch {
    // A value with no canonical form (a lone surrogate) has only its bytes' hash.
  }
  return out;
}

/**
 * How a payload matches a `payload_hash`: `'bytes'` when it is the SHA-256 of
 * the raw bytes, `'jcs'` when it is the SHA-256 of the canonical JSON (what
 * memkit writes), `undefined` when neither.
 */
export function payloadMatch(payload: Uint8Array | PayloadDigests, hash: string, hasher: Hasher): 'bytes' | 'jcs' | undefined {
  const d = payload instanceof Uint8Array ? payloadDigests(payload, hasher) : payload;
  const want = hash.toLowerCase();
  return d.bytes === want ? 'bytes' : d.jcs === want ? 'jcs' : undefined;
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
