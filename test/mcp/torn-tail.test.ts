// An append to a ledger whose last line was torn by an interrupted write is refused with
// ledger.torn-tail; through `memkit mcp` the problem named the server's absolute path and told the
// client to run a library function. The server in a child process, the SDK's client over stdio.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, codes, copyExample, stdioClient } from './helpers.js';

describe('memkit mcp append to a ledger with a torn last line', () => {
  it('is refused with ledger.torn-tail naming the ledger as the client did, not by the absolute path or a library function', { timeout: 60_000 }, async () => {
    const ex = copyExample('agent-memory');
    const ledger = 'memory-bank/riskRegister.md';
    appendFileSync(join(ex.dir, ledger), '{"risk_id":"RISK-2026');
    const before = readFileSync(join(ex.dir, ledger));
    const c = await stdioClient(ex.dir, ['--write']);
    try {
      const r = await call(c.client, 'append', {
        ledger,
        entry: { reporter_agent: 'Security', threat_type: 'Tampering', severity: 'LOW', description: 'torn', mitigation: 'repair', status: 'OPEN' },
      });
      expect(r.isError).toBe(true);
      expect(codes(r.value)).toEqual(['ledger.torn-tail']);
      const [problem] = r.value.problems;
      expect(problem.file).toBe(ledger);
      const text = JSON.stringify(r.value);
      expect(text).not.toContain(ex.dir);
      expect(text).not.toMatch(/repairLedger|openLedger|appendEntry/);
      expect(readFileSync(join(ex.dir, ledger))).toEqual(before);
    } finally {
      await c.close();
      ex.done();
    }
  });
});
