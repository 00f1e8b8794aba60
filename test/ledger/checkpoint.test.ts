import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../src/kernel/canonical/index.js';
import {
  MerkleTree,
  checkInclusion,
  checkpoint,
  ed25519KeyId,
  entryBytes,
  formatCheckpoint,
  leafHash,
  parseCheckpoint,
  parseVerifierKey,
  signCheckpoint,
  verifierKeyString,
  verifyCheckpointSignature,
  verifyInclusion,
} from '../../src/services/ledger/index.js';
import { readBase64 as fromBase64, encodeBase64 as toBase64 } from '../../src/services/exchange/base64.js';
import { MAX_SIGNATURES } from '../../src/services/ledger/checkpoint.js';

const entries = [{ a: 1 }, { b: 2 }, { c: 3 }];
const origin = 'example.com/memory-bank/decisionLog';

describe('checkpoint', () => {
  it('matches the Merkle tree over canonical entry bytes', () => {
    const t = new MerkleTree();
    for (const e of entries) t.append(entryBytes(e));
    expect(checkpoint(entries)).toEqual({ size: 3, root: toHex(t.root()) });
    expect(checkpoint([])).toEqual({ size: 0, root: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' });
    // An inclusion proof ties one entry to the checkpoint.
    expect(verifyInclusion(1, 3, leafHash(entryBytes(entries[1])), t.inclusionProof(1), fromHex(checkpoint(entries).root)!)).toBe(true);
    expect(checkInclusion(1, 3, leafHash(entryBytes(entries[1])), t.inclusionProof(1), t.root())).toEqual([]);
    expect(checkInclusion(2, 3, leafHash(entryBytes(entries[1])), t.inclusionProof(1), t.root()).map((p) => p.code)).toEqual(['ledger.proof-invalid']);
  });

  it('writes and reads the C2SP text form', () => {
    const cp = checkpoint(entries);
    const text = formatCheckpoint({ origin, ...cp, extensions: ['ext one'] });
    const lines = text.split('\n');
    expect(lines[0]).toBe(origin);
    expect(lines[1]).toBe('3');
    expect(toHex(fromBase64(lines[2]!)!)).toBe(cp.root);
    expect(lines[3]).toBe('ext one');
    const back = parseCheckpoint(text);
    expect(back.ok && back.value).toMatchObject({ origin, size: 3, root: cp.root, extensions: ['ext one'], signatures: [] });
  });

  it.each([
    ['', 'empty'],
    [`${origin}\n3\n`, 'no root'],
    [`${origin}\n03\n${toBase64(new Uint8Array(32))}\n`, 'leading zero'],
    [`${origin}\n-1\n${toBase64(new Uint8Array(32))}\n`, 'negative'],
    [`${origin}\n3\n${toBase64(new Uint8Array(31))}\n`, 'short root'],
    [`${origin}\n3\n${toBase64(new Uint8Array(32))}`, 'no final newline'],
    [`${origin}\n3\n${toBase64(new Uint8Array(32))}\n\nnot a signature\n`, 'bad signature line'],
  ])('rejects a malformed checkpoint (%#: %s)', (text) => {
    const r = parseCheckpoint(text as string);
    expect(!r.ok && r.problems[0]!.code).toBe('ledger.checkpoint-invalid');
  });

  it('signs with Ed25519 through WebCrypto and verifies with the public key', async () => {
    const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
    const text = formatCheckpoint({ origin, ...checkpoint(entries) });
    const signed = await signCheckpoint(text, { name: 'example.com/bank', privateKey: keys.privateKey, publicKey: keys.publicKey });
    expect(signed.ok).toBe(true);
    const note = signed.ok ? signed.value : '';
    expect(note.startsWith(text + '\n\u2014 example.com/bank ')).toBe(true);
    const parsed = parseCheckpoint(note);
    expect(parsed.ok && parsed.value.signatures[0]!.keyId).toBe(ed25519KeyId('example.com/bank', raw));
    const ok = await verifyCheckpointSignature(note, { name: 'example.com/bank', publicKey: raw });
    expect(ok.ok && ok.value.size).toBe(3);
    // Verifier key strings round-trip.
    const vkey = verifierKeyString('example.com/bank', raw);
    const v = parseVerifierKey(vkey);
    expect(v.ok && (await verifyCheckpointSignature(note, v.value)).ok).toBe(true);
    expect(parseVerifierKey(vkey.replace('+', '+0')).ok).toBe(false);
    // A changed size or root breaks the signature.
    const forged = note.replace('\n3\n', '\n2\n');
    const bad = await verifyCheckpointSignature(forged, { name: 'example.com/bank', publicKey: raw });
    expect(!bad.ok && bad.problems[0]!.code).toBe('ledger.signature-invalid');
    // Another key finds no signature of its own.
    const other = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const missing = await verifyCheckpointSignature(note, { name: 'example.com/bank', publicKey: other.publicKey });
    expect(!missing.ok && missing.problems[0]!.code).toBe('ledger.signature-missing');
    // Cosigning keeps the first signature.
    const cosigned = await signCheckpoint(note, { name: 'witness', privateKey: other.privateKey, publicKey: other.publicKey });
    expect(cosigned.ok && parseCheckpoint(cosigned.value).ok && (await verifyCheckpointSignature(cosigned.value, { name: 'example.com/bank', publicKey: raw })).ok).toBe(true);
  });
});

describe('verifier keys', () => {
  it('round-trip for many keys (base64 may contain "+")', async () => {
    for (let i = 0; i < 40; i++) {
      const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
      const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
      const v = parseVerifierKey(verifierKeyString('log.example/k', raw));
      expect(v.ok && toHex(v.value.publicKey as Uint8Array)).toBe(toHex(raw));
    }
    expect(parseVerifierKey('name+zzzzzzzz+AAAA').ok).toBe(false);
  });
});

// Go-signed notes and their keys (golang/mod, transparency-dev/formats); see test/fixtures/signed-note/README.md.
interface Vectors {
  checkpoints: { name: string; note: string; origin: string; size: number; verifierKeys: string[]; signerKey?: string }[];
  notes: { name: string; text: string; signed: string; verifierKeys: string[]; signerKey: string }[];
  malformed: { name: string; note: string; line: number; column: number }[];
}
const vectors = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'signed-note', 'vectors.json'), 'utf8')) as Vectors;

/** A Go `PRIVATE+KEY+name+id+base64(0x01 ‖ seed)` test key as WebCrypto keys. */
async function goSigner(skey: string): Promise<{ name: string; privateKey: CryptoKey; publicKey: Uint8Array }> {
  const [, , name, , ...rest] = skey.split('+');
  const seed = fromBase64(rest.join('+'))!.subarray(1);
  const pkcs8 = new Uint8Array([...fromHex('302e020100300506032b657004220420')!, ...seed]);
  const privateKey = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign']);
  const jwk = await crypto.subtle.exportKey('jwk', privateKey);
  return { name: name!, privateKey, publicKey: Uint8Array.from(Buffer.from(jwk.x!, 'base64url')) };
}

describe('signed-note vectors signed by Go', () => {
  it.each(vectors.checkpoints)('$name parses and verifies with every listed key', async (v) => {
    const parsed = parseCheckpoint(v.note);
    expect(parsed.ok && { origin: parsed.value.origin, size: parsed.value.size }).toEqual({ origin: v.origin, size: v.size });
    for (const vkey of v.verifierKeys) {
      const key = parseVerifierKey(vkey);
      expect(key.ok, vkey).toBe(true);
      if (!key.ok) continue;
      expect(verifierKeyString(key.value.name, key.value.publicKey as Uint8Array)).toBe(vkey);
      expect((await verifyCheckpointSignature(v.note, key.value)).ok, vkey).toBe(true);
      // One changed byte of the signed body breaks it.
      const forged = v.note.replace(`\n${v.size}\n`, `\n${v.size + 1}\n`);
      expect(await verifyCheckpointSignature(forged, key.value)).toMatchObject({ ok: false, problems: [{ code: 'ledger.signature-invalid' }] });
    }
  });

  it.each(vectors.checkpoints.filter((v) => v.signerKey !== undefined))('$name: signing with the Go test key reproduces the Go-signed note byte for byte', async (v) => {
    const signer = await goSigner(v.signerKey!);
    const body = v.note.slice(0, v.note.indexOf('\n\n') + 1);
    expect(await signCheckpoint(body, signer)).toEqual({ ok: true, value: v.note });
    expect(ed25519KeyId(signer.name, signer.publicKey)).toBe(v.verifierKeys[0]!.split('+')[1]);
  });

  it.each(vectors.notes)('$name: key ids, verifier keys and Ed25519 signatures match Go', async (v) => {
    const signer = await goSigner(v.signerKey);
    const sigLines = v.signed
      .slice(v.text.length + 1)
      .trimEnd()
      .split('\n');
    for (const [i, vkey] of v.verifierKeys.entries()) {
      const key = parseVerifierKey(vkey);
      expect(key.ok).toBe(true);
      if (!key.ok) continue;
      const blob = fromBase64(sigLines[i]!.split(' ')[2]!)!;
      expect(sigLines[i]!.split(' ')[1]).toBe(key.value.name);
      expect(toHex(blob.subarray(0, 4))).toBe(ed25519KeyId(key.value.name, key.value.publicKey as Uint8Array));
      const pub = await crypto.subtle.importKey('raw', key.value.publicKey as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, ['verify']);
      expect(await crypto.subtle.verify({ name: 'Ed25519' }, pub, blob.subarray(4) as Uint8Array<ArrayBuffer>, new TextEncoder().encode(v.text))).toBe(true);
    }
    const mine = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, signer.privateKey, new TextEncoder().encode(v.text)));
    expect(`\u2014 ${signer.name} ${toBase64(new Uint8Array([...fromHex(ed25519KeyId(signer.name, signer.publicKey))!, ...mine]))}`).toBe(sigLines[0]);
  });

  it.each(vectors.malformed)('$name is refused at its line and column', (v) => {
    const r = parseCheckpoint(v.note);
    expect(r.ok ? [] : r.problems.map((p) => [p.code, p.line, p.column])).toEqual([['ledger.checkpoint-invalid', v.line, v.column]]);
  });
});

// A signed note may carry any number of signature lines, and a reader that
// looks at all of them can be made to do unbounded work (base64 decoding, key
// lookups) by a hostile note. Go's note.Open reads at most 100; parseCheckpoint
// now refuses a note with more, as ledger.checkpoint-invalid.
const body = formatCheckpoint({ origin: 'example.com/log', ...checkpoint([{ a: 1 }]) });
const sigLine = (i: number) => `— signer${i} ${toBase64(new Uint8Array(68).fill(i % 256))}`;
const note = (n: number) => `${body}\n${Array.from({ length: n }, (_, i) => sigLine(i)).join('\n')}\n`;

describe('a signed note with more signature lines than the limit is refused', () => {
  it('reads a note with exactly the limit of signature lines', () => {
    const parsed = parseCheckpoint(note(MAX_SIGNATURES));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.value.signatures).toHaveLength(MAX_SIGNATURES);
  });

  it('refuses a note with one signature line more than the limit', () => {
    const parsed = parseCheckpoint(note(MAX_SIGNATURES + 1));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems.map((p) => p.code)).toEqual(['ledger.checkpoint-invalid']);
  });
});
