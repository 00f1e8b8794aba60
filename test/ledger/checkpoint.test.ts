import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../src/canonical/index.js';
import {
  MerkleTree,
  checkpoint,
  ed25519KeyId,
  entryBytes,
  formatCheckpoint,
  fromBase64,
  parseCheckpoint,
  parseVerifierKey,
  signCheckpoint,
  toBase64,
  verifierKeyString,
  verifyCheckpointSignature,
  verifyInclusion,
  leafHash,
  checkInclusion,
} from '../../src/ledger/index.js';

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
