import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { copyExample, runCli } from '../cli/helpers.js';

const codesOf = (stdout: string) => JSON.parse(stdout).problems.map((p: { code: string; severity: string; file: string; line?: number }) => [p.code, p.severity, p.file, p.line]);
const PC = 'memory-bank/productContext.md';
const PAYLOAD = 'memory-bank/payloads/product-vision.json';

// Defect: payload_hash was never compared with the payload file by the CLI.
describe('productContext.md payload_hash is compared with the file payload_loc names', () => {
  it('check and verify pass the example (payload hashed as canonical JSON)', async () => {
    const ex = copyExample('agent-memory');
    try {
      expect((await runCli(['check', ex.dir])).code).toBe(0);
      expect((await runCli(['verify', join(ex.dir, PC)])).code).toBe(0);
    } finally {
      ex.done();
    }
  });

  it('an edited payload is ledger.payload-hash-mismatch (error, exit 1) in check and in verify', async () => {
    const ex = copyExample('agent-memory');
    try {
      writeFileSync(join(ex.dir, PAYLOAD), '{"vision":"a todo app"}\n');
      const c = await runCli(['check', ex.dir, '--format', 'json']);
      expect(c.code).toBe(1);
      expect(codesOf(c.stdout)).toEqual([['ledger.payload-hash-mismatch', 'error', PC, 5]]);
      const v = await runCli(['verify', join(ex.dir, PC), '--format', 'json']);
      expect(v.code).toBe(1);
      expect(JSON.parse(v.stdout).problems.map((p: { code: string }) => p.code)).toEqual(['ledger.payload-hash-mismatch']);
      // Reformatting JSON keeps its canonical form: still a match.
      const value = JSON.parse(readFileSync(join(ROOT_EXAMPLE, PAYLOAD), 'utf8'));
      writeFileSync(join(ex.dir, PAYLOAD), JSON.stringify(value));
      expect((await runCli(['check', ex.dir])).code).toBe(0);
    } finally {
      ex.done();
    }
  });

  it('a payload_hash over the raw bytes of a non-JSON file also matches', async () => {
    const ex = copyExample('agent-memory');
    try {
      const bytes = Buffer.from('# Product vision\n\nnot JSON at all\n');
      writeFileSync(join(ex.dir, 'memory-bank/payloads/vision.md'), bytes);
      rewriteEntry(ex.dir, { payload_loc: 'payloads/vision.md', payload_hash: createHash('sha256').update(bytes).digest('hex') });
      expect(codesOf((await runCli(['check', ex.dir, '--format', 'json'])).stdout)).toEqual([]);
      expect((await runCli(['verify', join(ex.dir, PC)])).code).toBe(0);
    } finally {
      ex.done();
    }
  });

  it('a missing payload is a ledger.payload-missing warning (exit 0); a loc leaving the directory is not read', async () => {
    const ex = copyExample('agent-memory');
    try {
      rmSync(join(ex.dir, PAYLOAD));
      const c = await runCli(['check', ex.dir, '--format', 'json']);
      expect(c.code).toBe(0);
      expect(codesOf(c.stdout)).toEqual([['ledger.payload-missing', 'warning', PC, 5]]);
      rewriteEntry(ex.dir, { payload_loc: '../../../../etc/passwd' });
      expect(codesOf((await runCli(['check', ex.dir, '--format', 'json'])).stdout)).toEqual([]);
    } finally {
      ex.done();
    }
  });
});

const ROOT_EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'agent-memory');

// Rewrites the one productContext.md entry (it is the first link, so the chain stays valid).
function rewriteEntry(dir: string, patch: Record<string, string>): void {
  const file = join(dir, PC);
  const text = readFileSync(file, 'utf8');
  const line = text.split('\n').find((l) => l.startsWith('{'))!;
  const entry = { ...JSON.parse(line), ...patch };
  const sorted = Object.fromEntries(
    Object.keys(entry)
      .sort()
      .map((k) => [k, entry[k]]),
  );
  writeFileSync(file, text.replace(line, JSON.stringify(sorted)));
}
