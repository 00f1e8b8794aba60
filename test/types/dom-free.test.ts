// The structural types that stand for DOM types in the public declarations accept what callers
// pass: WebCrypto's keys and SubtleCrypto (the DOM's and Node's) and the sqlite-wasm module.
import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import type { webcrypto } from 'node:crypto';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { SqliteWasmModule } from '../../src/adapters/sqlite/index.js';
import type { SubtleCryptoLike, WebCryptoKey } from '../../src/services/ledger/index.js';
import { signCheckpoint, verifyCheckpointSignature } from '../../src/services/ledger/index.js';

describe('structural stand-ins for DOM types', () => {
  it('accept the DOM and Node WebCrypto types and the sqlite-wasm module', () => {
    expectTypeOf<CryptoKey>().toExtend<WebCryptoKey>();
    expectTypeOf<webcrypto.CryptoKey>().toExtend<WebCryptoKey>();
    expectTypeOf<SubtleCrypto>().toExtend<SubtleCryptoLike>();
    expectTypeOf<webcrypto.SubtleCrypto>().toExtend<SubtleCryptoLike>();
    expectTypeOf<Sqlite3Static>().toExtend<SqliteWasmModule>();
    expectTypeOf<{ capi: object }>().not.toExtend<SqliteWasmModule>();
  });

  it('sign and verify a checkpoint through the SubtleCryptoLike of globalThis.crypto', async () => {
    const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const note = 'example.com/log\n0\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n';
    const subtle: SubtleCryptoLike = crypto.subtle;
    const signed = await signCheckpoint(note, { name: 'example.com/log', privateKey: keys.privateKey, publicKey: keys.publicKey }, { subtle });
    expect(signed.ok).toBe(true);
    if (!signed.ok) return;
    const verified = await verifyCheckpointSignature(signed.value, { name: 'example.com/log', publicKey: keys.publicKey }, { subtle });
    expect(verified.ok).toBe(true);
  });
});
