// An append naming a payload_loc and no payload_hash gets the payload's hash ("Every append computes SHA-256 of
// payload"), as check and verify hash it; a location naming no file, or leaving the directory, is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleFiles } from './helpers.js';
import { openMemory } from '../../src/index.js';
import { canonicalize } from '../../src/kernel/canonical/jcs.js';
import { jsHasher, sha256Hex } from '../../src/kernel/canonical/index.js';

const LEDGER = 'memory-bank/productContext.md';
const now = () => new Date('2026-12-02T12:00:00Z');
const encoder = new TextEncoder();
const codes = (r: { problems?: { code: string }[] }) => (r.problems ?? []).map((p) => p.code);
const entry = (payload_loc: string, extra: Record<string, unknown> = {}) => ({ summary: 'Product vision v2', payload_loc, ...extra });

async function setUp(payloads: Record<string, string | Uint8Array> = {}) {
  const files = exampleFiles();
  for (const [path, bytes] of Object.entries(payloads)) await files.write(path, typeof bytes === 'string' ? encoder.encode(bytes) : bytes);
  const memory = openMemory({ files, now });
  const ledger = async () => new TextDecoder().decode(await files.read(LEDGER));
  return { files, memory, ledger };
}

describe('append with a payload_loc and no payload_hash', () => {
  it('fills payload_hash with the SHA-256 of the canonical JSON of a JSON payload beside the ledger; verify and check agree', async () => {
    const payload = '{ "vision": "memory you can trust",\n  "version": 2 }\n';
    const { memory } = await setUp({ 'memory-bank/payloads/vision-v2.json': payload });
    const appended = await memory.append(LEDGER, entry('payloads/vision-v2.json'), { as: 'ProductManager' });
    expect(appended.ok, JSON.stringify(appended.problems)).toBe(true);
    if (!appended.ok) return;
    const expected = sha256Hex(canonicalize(JSON.parse(payload)), jsHasher);
    expect(appended.value.entry.payload_hash).toBe(expected);
    const verified = await memory.verify(LEDGER);
    expect(verified.ok, JSON.stringify(verified.problems)).toBe(true);
    expect(codes(verified)).not.toContain('ledger.payload-missing');
    expect((await memory.check()).ok).toBe(true);
  });

  it('hashes the bytes of a payload that is not JSON, found at the root of the directory', async () => {
    const bytes = new Uint8Array([0x00, 0xff, 0x10, 0x80, 0x0a]);
    const { memory } = await setUp({ 'artifacts/blob.bin': bytes });
    const appended = await memory.append(LEDGER, entry('artifacts/blob.bin'), { as: 'ProductManager' });
    expect(appended.ok, JSON.stringify(appended.problems)).toBe(true);
    if (!appended.ok) return;
    expect(appended.value.entry.payload_hash).toBe(sha256Hex(bytes, jsHasher));
    expect((await memory.verify(LEDGER)).ok).toBe(true);
  });

  it('keeps a payload_hash the writer gives, and refuses one that does not match the payload (nothing written)', async () => {
    const { memory, ledger } = await setUp({ 'memory-bank/payloads/v.json': '{"a":1}' });
    const given = sha256Hex(canonicalize({ a: 1 }), jsHasher);
    const kept = await memory.append(LEDGER, entry('payloads/v.json', { payload_hash: given }), { as: 'ProductManager' });
    expect(kept.ok && kept.value.entry.payload_hash).toBe(given);
    const before = await ledger();
    const wrong = await memory.append(LEDGER, entry('payloads/v.json', { payload_hash: 'a'.repeat(64) }), { as: 'ProductManager' });
    expect(wrong.ok).toBe(false);
    expect(codes(wrong)).toContain('ledger.payload-hash-mismatch');
    expect(await ledger()).toBe(before);
  });

  it('refuses a payload_loc naming no file with memory.payload-not-found, nothing written', async () => {
    const { memory, ledger } = await setUp();
    const before = await ledger();
    const refused = await memory.append(LEDGER, entry('payloads/not-there.json'), { as: 'ProductManager' });
    expect(refused.ok).toBe(false);
    expect(refused.problems?.[0]).toMatchObject({ code: 'memory.payload-not-found', pointer: '/entry/payload_loc' });
    expect(await ledger()).toBe(before);
  });

  it.each(['../../outside.json', '/etc/passwd', 'https://example.com/vision.json', 'C:\\payload.json', '..'])(
    'refuses payload_loc %j, which leaves the directory, with memory.payload-outside',
    async (loc) => {
      const { memory, ledger } = await setUp();
      const before = await ledger();
      const refused = await memory.append(LEDGER, entry(loc), { as: 'ProductManager' });
      expect(refused.ok).toBe(false);
      expect(codes(refused)[0]).toBe('memory.payload-outside');
      expect(await ledger()).toBe(before);
    },
  );

  it('any payload: the hash the append computes is the one check and verify accept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 64 }),
          fc.jsonValue({ maxDepth: 2 }).map((v) => encoder.encode(JSON.stringify(v, null, 1))),
        ),
        async (bytes) => {
          const { memory } = await setUp({ 'memory-bank/payloads/p.bin': bytes });
          const appended = await memory.append(LEDGER, entry('payloads/p.bin'), { as: 'ProductManager' });
          expect(appended.ok, JSON.stringify(appended.problems)).toBe(true);
          const verified = await memory.verify(LEDGER);
          expect(codes(verified).filter((c) => c.startsWith('ledger.payload'))).toEqual([]);
        },
      ),
      { numRuns: 15 },
    );
  }, 60_000);
});
