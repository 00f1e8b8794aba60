// Four clients append through four `memkit mcp --write` processes to one ledger at once:
// 4 × 250 appends give 1,000 new entries, none lost or doubled, and the chain verifies.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyText } from '../../src/services/ledger/index.js';
import { nodeHasher } from '../../src/adapters/node/index.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';
import { type Connected, call, copyExample, stdioClient } from './helpers.js';

const WRITERS = 4;
const APPENDS = 250;

describe('concurrent appends through four MCP servers', () => {
  it(`${WRITERS} × ${APPENDS} appends to one ledger: every entry once, chain valid`, { timeout: 600_000 }, async () => {
    const ex = copyExample('agent-memory');
    const ledger = 'memory-bank/activeContext.md';
    const path = join(ex.dir, ledger);
    const initial = parseLedgerText(readFileSync(path, 'utf8')).entries.length;
    const clients: Connected[] = [];
    try {
      for (let w = 0; w < WRITERS; w++) clients.push(await stdioClient(ex.dir, ['--write']));
      const failures: unknown[] = [];
      await Promise.all(
        clients.map(async (c, w) => {
          for (let i = 0; i < APPENDS; i++) {
            const r = await call(c.client, 'append', { ledger, entry: { source_agent: `Writer${w}`, source_chunks: [], summary_128: `writer ${w} entry ${i}` } });
            if (r.isError) failures.push(r.value);
          }
        }),
      );
      expect(failures).toEqual([]);
      const text = readFileSync(path, 'utf8');
      const summary = verifyText(text, { format: 'active-context', hasher: nodeHasher });
      expect(summary.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(summary.entries).toBe(initial + WRITERS * APPENDS);
      const written = parseLedgerText(text)
        .entries.slice(initial)
        .map((e) => (e.value as { summary_128: string }).summary_128);
      expect(new Set(written).size).toBe(WRITERS * APPENDS);
      // Each writer's entries keep its own order.
      for (let w = 0; w < WRITERS; w++) {
        const mine = written.filter((s) => s.startsWith(`writer ${w} `)).map((s) => Number(s.split(' ').pop()));
        expect(mine).toEqual([...Array(APPENDS).keys()]);
      }
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      ex.done();
    }
  });
});
