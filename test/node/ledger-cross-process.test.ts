import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyLedgerFile } from '../../src/adapters/node/index.js';

const dir = mkdtempSync(join(tmpdir(), 'memkit-xproc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WORKERS = 4;
const EACH = 2500;

function run(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/ledger/append-worker.ts', ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? -1));
  });
}

describe('cross-process append', () => {
  it(`${WORKERS} processes × ${EACH} appends → exactly ${WORKERS * EACH} entries, chain valid, none lost or duplicated`, async () => {
    const path = join(dir, 'activeContext.md');
    const codes = await Promise.all(Array.from({ length: WORKERS }, (_, w) => run([path, String(w), String(EACH)])));
    expect(codes).toEqual(Array(WORKERS).fill(0));
    const summary = await verifyLedgerFile(path);
    expect(summary.problems).toEqual([]);
    expect(summary.entries).toBe(WORKERS * EACH);
    const tags = readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { summary_128: string }).summary_128);
    expect(new Set(tags).size).toBe(WORKERS * EACH);
    for (let w = 0; w < WORKERS; w++) {
      // Each worker's own entries appear in the order it appended them.
      const mine = tags.filter((t) => t.startsWith(`${w}-`)).map((t) => Number(t.split('-')[1]));
      expect(mine).toEqual(Array.from({ length: EACH }, (_, i) => i));
    }
  });
});
