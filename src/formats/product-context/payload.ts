import { canonicalize } from '../../kernel/canonical/jcs.js';
import { type Hasher, sha256Hex } from '../../kernel/canonical/sha256.js';
import { parseJson } from '../../syntax/json.js';

/** The two SHA-256 forms a `payload_hash` may take for one payload: of its raw bytes, and (when it is JSON) of its RFC 8785 canonical JSON. */
export interface PayloadDigests {
  bytes?: string;
  jcs?: string;
}

/** The {@link PayloadDigests} of a payload (bytes, and canonical JSON when it is JSON); throws for a value with no canonical form. */
export function payloadDigests(payload: Uint8Array | unknown, hasher: Hasher): PayloadDigests {
  if (!(payload instanceof Uint8Array)) return { jcs: sha256Hex(canonicalize(payload), hasher) };
  const out: PayloadDigests = { bytes: sha256Hex(payload, hasher) };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(payload);
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

/** The one comparison of a payload with `payload_hash` (either hex case): `bytes`, `jcs` (what memkit writes), or `undefined` when neither. */
export function payloadMatch(digests: PayloadDigests, hash: string): 'bytes' | 'jcs' | undefined {
  const want = hash.toLowerCase();
  return digests.bytes === want ? 'bytes' : digests.jcs === want ? 'jcs' : undefined;
}

/** The root-relative path a `payload_loc` names from `base`; `undefined` for a URL, an absolute path or one climbing out. */
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

/**
 * The paths a `payload_loc` may name, in order: beside the ledger (`dir`), then at the root; empty when not ours to read.
 * @example payloadCandidates('memory-bank', 'payloads/a.json') // ['memory-bank/payloads/a.json', 'payloads/a.json']
 */
export function payloadCandidates(dir: string, loc: string): string[] {
  return [...new Set([resolvePayloadLoc(dir, loc), resolvePayloadLoc('', loc)].filter((p): p is string => p !== undefined))];
}
