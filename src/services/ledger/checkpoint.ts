import { type Hasher, fromHex, jsHasher, toHex, utf8 } from '../../kernel/canonical/sha256.js';
import { type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { entryLeaf } from '../../formats/memory-bank/redaction.js';
import { type Checkpoint, MerkleRootAccumulator, emptyRoot } from '../../kernel/canonical/merkle.js';
import { encodeBase64, readBase64 } from '../exchange/base64.js';
import { verifyConsistency } from './proofs.js';

export type { Checkpoint };

/** Most signature lines {@link parseCheckpoint} reads (the bound Go's `note.Open` applies). */
export const MAX_SIGNATURES = 100;

/** A checkpoint in its C2SP text form: origin, tree head, extension lines and signatures. */
export interface CheckpointNote extends Checkpoint {
  /** First line: the log's unique name, e.g. `example.com/memory-bank/decisionLog`. */
  origin: string;
  /** Optional lines after the root (opaque to memkit). */
  extensions: string[];
  /** Signature lines (`— name base64`), as read; empty when unsigned. */
  signatures: NoteSignature[];
  /** The signed bytes: the note text up to and including the last body newline. */
  body: string;
}

/** One signature line of a signed note. */
export interface NoteSignature {
  name: string;
  /** First 4 bytes of the key hash, as hex. */
  keyId: string;
  /** The signature bytes (after the 4-byte key id). */
  signature: Uint8Array;
}

/**
 * The checkpoint of a list of entries: `{ size, root }` where each leaf is
 * `SHA-256(0x00 ‖ JCS(entry))`.
 *
 * @example
 * declare const entries: DecisionLogEntry[];
 * checkpoint(entries) // { size: 3, root: 'aeb6…' }
 */
export function checkpoint(entries: Iterable<unknown>, hasher: Hasher = jsHasher): Checkpoint {
  const acc = new MerkleRootAccumulator(hasher);
  for (const e of entries) acc.appendLeafHash(entryLeaf(e, hasher));
  return { size: acc.size, root: toHex(acc.root()) };
}

// What Go's `note.Open` refuses: ASCII control characters but newline, and lone surrogates (no UTF-8 form).
const NOTE_FORBIDDEN = /[\u0000-\u0009\u000b-\u001f]|\p{Cs}/u;

/**
 * True when `text` may appear in a signed note (origin, extension lines, key
 * names): no ASCII control character but newline, no lone surrogate.
 *
 * @example isNoteText('example.com/log') // true; isNoteText('a\tb') // false
 */
export function isNoteText(text: string): boolean {
  return !NOTE_FORBIDDEN.test(text);
}

/**
 * The C2SP checkpoint text (unsigned): origin line, decimal size, base64 root,
 * optional extension lines, each ending in a newline.
 *
 * @example
 * declare const entries: DecisionLogEntry[];
 * formatCheckpoint({ origin: 'example.com/log', ...checkpoint(entries) }) // 'example.com/log\n3\nrrb…=\n'
 */
export function formatCheckpoint(cp: Checkpoint & { origin: string; extensions?: readonly string[] }): string {
  const root = fromHex(cp.root);
  if (root === undefined || root.length !== 32) throw new RangeError('checkpoint root must be 32 bytes of hex');
  if (cp.origin === '' || cp.origin.includes('\n')) throw new RangeError('checkpoint origin must be one non-empty line');
  if (!isNoteText(cp.origin)) throw new RangeError('checkpoint origin must not hold control characters');
  if (!Number.isSafeInteger(cp.size) || cp.size < 0) throw new RangeError('checkpoint size must be a non-negative integer');
  const ext = cp.extensions ?? [];
  for (const line of ext) if (line === '' || line.includes('\n')) throw new RangeError('extension lines must be non-empty single lines');
  for (const line of ext) if (!isNoteText(line)) throw new RangeError('extension lines must not hold control characters');
  return [cp.origin, String(cp.size), encodeBase64(root), ...ext].join('\n') + '\n';
}

const SIG_PREFIX = '\u2014 ';

/**
 * Reads a C2SP checkpoint (optionally a signed note); signatures are parsed,
 * not verified. A control character other than newline anywhere is
 * `ledger.checkpoint-invalid` at its line and column.
 */
export function parseCheckpoint(text: string): Result<CheckpointNote> {
  const bad = (msg: string, line?: number, column?: number) =>
    fail<CheckpointNote>([error('ledger.checkpoint-invalid', msg, { ...(line === undefined ? {} : { line }), ...(column === undefined ? {} : { column }) })]);
  const forbidden = NOTE_FORBIDDEN.exec(text);
  if (forbidden !== null) {
    const before = text.slice(0, forbidden.index);
    const line = before.split('\n').length;
    const name = `U+${forbidden[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    return bad(`a signed note must not hold control characters (${name})`, line, forbidden.index - before.lastIndexOf('\n'));
  }
  const split = text.indexOf('\n\n');
  const body = split === -1 ? text : text.slice(0, split + 1);
  if (!body.endsWith('\n')) return bad('a checkpoint ends each line with a newline');
  const lines = body.slice(0, -1).split('\n');
  if (lines.length < 3) return bad('a checkpoint has an origin, a size and a root line');
  const [origin, sizeText, rootText, ...extensions] = lines as [string, string, string, ...string[]];
  if (origin === '') return bad('the origin line is empty', 1);
  if (!/^(0|[1-9][0-9]*)$/.test(sizeText) || !Number.isSafeInteger(Number(sizeText)))
    return bad(`${JSON.stringify(sizeText.length > 24 ? sizeText.slice(0, 24) + '…' : sizeText)} is not a decimal tree size`, 2);
  const root = readBase64(rootText);
  if (root === undefined || root.length !== 32) return bad('the root line is not base64 of 32 bytes', 3);
  const extIndex = extensions.indexOf('');
  if (extIndex !== -1) return bad('extension lines must not be empty', 4 + extIndex);
  const signatures: NoteSignature[] = [];
  if (split !== -1) {
    const sigText = text.slice(split + 2);
    if (!sigText.endsWith('\n')) return bad('signature lines end with a newline');
    const sigLines = sigText.slice(0, -1).split('\n');
    // Verifiers bound the signatures they look at (Go's note.Open takes at most 100); more is a hostile note.
    if (sigLines.length > MAX_SIGNATURES) return bad(`the note has ${sigLines.length} signature lines; at most ${MAX_SIGNATURES} are read`);
    for (let i = 0; i < sigLines.length; i++) {
      const l = sigLines[i]!;
      const lineNo = lines.length + 2 + i;
      if (!l.startsWith(SIG_PREFIX)) return bad('a signature line starts with "— "', lineNo);
      const rest = l.slice(SIG_PREFIX.length);
      const space = rest.lastIndexOf(' ');
      const name = rest.slice(0, space);
      const sig = readBase64(rest.slice(space + 1));
      if (space <= 0 || /\s|\+/.test(name) || sig === undefined || sig.length < 5) return bad('malformed signature line', lineNo);
      signatures.push({ name, keyId: toHex(sig.subarray(0, 4)), signature: sig.slice(4) });
    }
  }
  return ok({ origin, size: Number(sizeText), root: toHex(root), extensions, signatures, body });
}

/**
 * A WebCrypto key, as memkit passes it to {@link SubtleCryptoLike}: the fields every `CryptoKey`
 * has (the DOM's, Node's `webcrypto`, Deno's), spelled out so a consumer compiling without the
 * `DOM` lib can name it.
 */
export interface WebCryptoKey {
  readonly type: string;
  readonly extractable: boolean;
  readonly algorithm: object;
  readonly usages: readonly string[];
}

/**
 * The part of WebCrypto's `SubtleCrypto` that signs and verifies checkpoints (Ed25519 only): what
 * `globalThis.crypto.subtle` and Node's `webcrypto.subtle` provide, without the `DOM` lib's type.
 */
export interface SubtleCryptoLike {
  exportKey(format: 'raw', key: WebCryptoKey): Promise<ArrayBuffer>;
  importKey(format: 'raw', keyData: Uint8Array<ArrayBuffer>, algorithm: { name: 'Ed25519' }, extractable: boolean, keyUsages: ['verify']): Promise<WebCryptoKey>;
  sign(algorithm: { name: 'Ed25519' }, key: WebCryptoKey, data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
  verify(algorithm: { name: 'Ed25519' }, key: WebCryptoKey, signature: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<boolean>;
}

/** The Ed25519 key used to sign checkpoints, held by the caller. */
export interface CheckpointSigner {
  /** Key name, e.g. `example.com/memory-bank` (no spaces, no `+`). */
  name: string;
  /** Ed25519 private key (WebCrypto `CryptoKey`, usage `sign`). */
  privateKey: WebCryptoKey;
  /** The matching public key (raw 32 bytes or `CryptoKey`), needed for the key id. */
  publicKey: WebCryptoKey | Uint8Array;
}

/** Public key that verifies checkpoint signatures. */
export interface CheckpointVerifier {
  name: string;
  /** Raw 32-byte Ed25519 public key or a WebCrypto `CryptoKey` (usage `verify`). */
  publicKey: WebCryptoKey | Uint8Array;
}

/** Options with an injectable WebCrypto (default `globalThis.crypto.subtle`) and hasher. */
export interface SignatureEnv {
  subtle?: SubtleCryptoLike;
  hasher?: Hasher;
}

function subtleOf(env: SignatureEnv): SubtleCryptoLike {
  const s = env.subtle ?? globalThis.crypto?.subtle;
  if (s === undefined) throw new Error('WebCrypto (crypto.subtle) is not available; pass env.subtle');
  return s;
}

async function rawPublicKey(key: WebCryptoKey | Uint8Array, subtle: SubtleCryptoLike): Promise<Uint8Array> {
  return key instanceof Uint8Array ? key : new Uint8Array(await subtle.exportKey('raw', key));
}

/**
 * The 4-byte C2SP key id of an Ed25519 key: `SHA-256(name ‖ 0x0A ‖ 0x01 ‖ key)[:4]`, as hex.
 */
export function ed25519KeyId(name: string, publicKey: Uint8Array, hasher: Hasher = jsHasher): string {
  return toHex(hasher.sha256(new Uint8Array([...utf8(name), 0x0a, 0x01, ...publicKey])).subarray(0, 4));
}

/** The C2SP/note verifier key string `<name>+<hex key id>+<base64(0x01 ‖ key)>`. */
export function verifierKeyString(name: string, publicKey: Uint8Array, hasher: Hasher = jsHasher): string {
  return `${name}+${ed25519KeyId(name, publicKey, hasher)}+${encodeBase64(new Uint8Array([1, ...publicKey]))}`;
}

/** Reads a verifier key string back into a {@link CheckpointVerifier}. */
export function parseVerifierKey(vkey: string, hasher: Hasher = jsHasher): Result<CheckpointVerifier> {
  // The base64 part may itself contain '+', so split on the first two only.
  const m = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(vkey);
  const bytes = m ? readBase64(m[3]!) : undefined;
  if (m === null || bytes === undefined || bytes.length !== 33 || bytes[0] !== 1 || !isNoteText(m[1]!))
    return fail([error('ledger.key-invalid', 'a verifier key reads <name>+<hex key id>+<base64 of 0x01 and a 32-byte Ed25519 key>')]);
  const publicKey = bytes.slice(1);
  if (ed25519KeyId(m[1]!, publicKey, hasher) !== m[2]) return fail([error('ledger.key-invalid', 'the key id does not match the name and key')]);
  return ok({ name: m[1]!, publicKey });
}

/**
 * Signs a checkpoint note with Ed25519 through WebCrypto and returns the
 * signed note (existing signatures are kept).
 *
 * @example
 * declare const entries: DecisionLogEntry[];
 * const keys = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
 * const signed = await signCheckpoint(formatCheckpoint({ origin: 'example.com/bank', ...checkpoint(entries) }),
 *   { name: 'example.com/bank', privateKey: keys.privateKey, publicKey: keys.publicKey });
 */
export async function signCheckpoint(text: string, signer: CheckpointSigner, env: SignatureEnv = {}): Promise<Result<string>> {
  const parsed = parseCheckpoint(text);
  if (!parsed.ok) return parsed;
  if (signer.name === '' || /\s|\+/.test(signer.name) || !isNoteText(signer.name)) return fail([error('ledger.key-invalid', 'a key name is non-empty and has no spaces, "+" or control characters')]);
  const subtle = subtleOf(env);
  let pub: Uint8Array;
  let sig: Uint8Array;
  try {
    pub = await rawPublicKey(signer.publicKey, subtle);
    sig = new Uint8Array(await subtle.sign({ name: 'Ed25519' }, signer.privateKey, utf8(parsed.value.body) as Uint8Array<ArrayBuffer>));
  } catch (cause) {
    return fail([error('ledger.key-invalid', `signing failed: ${(cause as Error).message}`)]);
  }
  if (pub.length !== 32 || sig.length !== 64) return fail([error('ledger.key-invalid', 'not an Ed25519 key')]);
  const blob = new Uint8Array([...fromHex(ed25519KeyId(signer.name, pub, env.hasher))!, ...sig]);
  // The signature lines already there, as they are in the note.
  const existing = text.slice(parsed.value.body.length + 1);
  return ok(`${parsed.value.body}\n${existing}${SIG_PREFIX}${signer.name} ${encodeBase64(blob)}\n`);
}

/**
 * Verifies the signature of a checkpoint note by the verifier's key and
 * returns the parsed checkpoint; fails with `ledger.signature-missing` or
 * `ledger.signature-invalid`.
 */
export async function verifyCheckpointSignature(text: string, verifier: CheckpointVerifier, env: SignatureEnv = {}): Promise<Result<CheckpointNote>> {
  const parsed = parseCheckpoint(text);
  if (!parsed.ok) return parsed;
  const subtle = subtleOf(env);
  let pub: Uint8Array;
  let key: WebCryptoKey;
  try {
    pub = await rawPublicKey(verifier.publicKey, subtle);
    key = verifier.publicKey instanceof Uint8Array ? await subtle.importKey('raw', pub as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, ['verify']) : verifier.publicKey;
  } catch (cause) {
    return fail([error('ledger.key-invalid', `the public key is not a usable Ed25519 key: ${(cause as Error).message}`)]);
  }
  const keyId = ed25519KeyId(verifier.name, pub, env.hasher);
  const mine = parsed.value.signatures.filter((s) => s.name === verifier.name && s.keyId === keyId);
  if (mine.length === 0) return fail([error('ledger.signature-missing', `the checkpoint has no signature by ${verifier.name} (key id ${keyId})`)]);
  for (const s of mine) {
    try {
      if (s.signature.length === 64 && (await subtle.verify({ name: 'Ed25519' }, key, s.signature as Uint8Array<ArrayBuffer>, utf8(parsed.value.body) as Uint8Array<ArrayBuffer>)))
        return ok(parsed.value);
    } catch {
      // A signature WebCrypto refuses does not verify.
    }
  }
  return fail([error('ledger.signature-invalid', `the signature by ${verifier.name} does not verify`)]);
}

/**
 * Checks that `newer` extends `older` with a consistency proof from
 * `MerkleTree.consistencyProof`: `ledger.checkpoint-rollback` when the newer
 * tree is smaller, `ledger.checkpoint-mismatch` on a fork. An older checkpoint
 * of 0 entries needs no proof, but must carry the empty-tree root.
 */
export function checkCheckpointConsistency(older: Checkpoint, newer: Checkpoint, proof: readonly Uint8Array[], hasher: Hasher = jsHasher): Problem[] {
  if (newer.size < older.size) return [error('ledger.checkpoint-rollback', `the newer checkpoint has ${newer.size} entries, fewer than the older one (${older.size})`)];
  const r1 = fromHex(older.root);
  const r2 = fromHex(newer.root);
  if (older.size === 0) {
    const empty = toHex(emptyRoot(hasher));
    const emptyOk = (c: Checkpoint) => c.size !== 0 || c.root.toLowerCase() === empty;
    if (r2 === undefined || r2.length !== 32 || !emptyOk(older) || !emptyOk(newer) || proof.length !== 0)
      return [error('ledger.checkpoint-mismatch', 'a checkpoint of 0 entries must carry the empty-tree root and needs no proof')];
    return [];
  }
  if (r1 === undefined || r2 === undefined || !verifyConsistency(older.size, newer.size, proof, r1, r2, hasher))
    return [error('ledger.checkpoint-mismatch', `the tree of ${newer.size} entries does not extend the checkpoint of ${older.size} entries (fork)`)];
  return [];
}
