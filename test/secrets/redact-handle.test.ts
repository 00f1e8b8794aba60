// The handle's redact op: the secret goes, check is clean, proofs still verify, and the redacted memory
// exports, imports and passes the recovery drill with the tombstone as it is.
import { describe, expect, it } from 'vitest';
import { exampleFiles } from '../handle/helpers.js';
import { fromHex, memoryFiles, openMemory } from '../../src/index.js';
import { verifyInclusion } from '../../src/services/ledger/index.js';
import { findSecrets } from '../../src/kernel/secrets/index.js';

const TOKEN = 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';
const LOG = 'memory-bank/decisionLog.md';
const now = () => new Date('2026-12-02T10:00:00Z');
const text = (b: Uint8Array | undefined) => new TextDecoder().decode(b);

async function leaky() {
  const files = exampleFiles();
  const allowed = openMemory({ files, now, allowSecrets: [findSecrets(TOKEN)[0]!.fingerprint] });
  const a = await allowed.appendOrThrow('decision-log', { proposer_agent: 'ReaperOAK', rationale: `deploy with ${TOKEN}`, diff_hash: 'a'.repeat(64), tests_passed: true });
  const line = text(await files.read(LOG)).split('\n').length - 1;
  return { files, memory: openMemory({ files, now }), line, hash: a.hash };
}

describe('memory.redact', () => {
  it('redacts an entry: no secret left, check clean, the same checkpoint prefix, every proof verifies', async () => {
    const { files, memory, line, hash } = await leaky();
    const before = await memory.checkpointOrThrow('decision-log');
    expect((await memory.check()).ok).toBe(false);
    const done = await memory.redactOrThrow('decision-log', { line, reason: 'a token was pasted', as: 'ReaperOAK' });
    expect(done).toMatchObject({ path: LOG, line, hash, index: before.size - 1, recordLine: line + 1 });
    expect(text(await files.read(LOG))).not.toContain(TOKEN);
    const report = await memory.check();
    expect(report.ok, JSON.stringify(report.problems)).toBe(true);
    const after = await memory.checkpointOrThrow('decision-log');
    expect(after.size).toBe(before.size + 1);
    for (let i = 0; i < after.size; i++) {
      const p = await memory.proveOrThrow('decision-log', i);
      expect(
        verifyInclusion(
          i,
          after.size,
          fromHex(p.leaf)!,
          p.proof.map((h) => fromHex(h)!),
          fromHex(after.root)!,
        ),
      ).toBe(true);
    }
  });

  it('refuses a writer the policy does not allow, with no byte changed', async () => {
    const { files, memory, line } = await leaky();
    const was = text(await files.read(LOG));
    const r = await memory.redact('decision-log', { line, reason: 'r', as: 'Backend' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.code)).toContain('ledger.writer-denied');
    expect(text(await files.read(LOG))).toBe(was);
  });

  it('exports, imports and drills the redacted memory with its tombstone', async () => {
    const { memory, line } = await leaky();
    await memory.redactOrThrow('decision-log', { line, reason: 'a token was pasted', as: 'ReaperOAK' });
    const bundle = await memory.exportOrThrow();
    expect(bundle).not.toContain(TOKEN);
    expect(bundle).toContain('redacted');
    const target = memoryFiles();
    const copy = openMemory({ files: target, now });
    await copy.importOrThrow(bundle);
    expect(text(await target.read(LOG))).toBe(text(await memory.files.read(LOG)));
    expect((await copy.check()).ok).toBe(true);
    expect((await memory.drill()).ok).toBe(true);
  });
});
