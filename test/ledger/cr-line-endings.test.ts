// #25.5: a ledger whose lines end in a lone CR verified as "0 entries", exit 0:
// the reader splits on LF only, so every entry hid in the Markdown preamble.
// JSON Lines ends lines in LF (CRLF tolerated); a lone CR before an entry is
// now `ledger-text.cr-line-endings`, an error, in the parser, `verifyText`,
// the streaming `verify`, `memkit verify` and `memkit check`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verify, verifyText } from '../../src/services/ledger/index.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';
import { runCli, tempDir } from '../cli/helpers.js';

const LF = readFileSync(join(import.meta.dirname, '../../examples/agent-memory/memory-bank/decisionLog.md'), 'utf8');
const CR = LF.replace(/\r?\n/g, '\r');
const CRLF = LF.replace(/\r?\n/g, '\r\n');
const codes = (problems: { code: string }[]) => problems.map((p) => p.code);

describe('a ledger with lone-CR line endings is an error, not "0 entries" and clean', () => {
  it('LF and CRLF ledgers verify clean; the CR-only one is an error, never "0 entries" and clean', { timeout: 30_000 }, async () => {
    for (const text of [LF, CRLF]) {
      const r = verifyText(text, { format: 'decision-log' });
      expect(r.problems).toEqual([]);
      expect(r.entries).toBeGreaterThan(0);
    }
    expect(codes(parseLedgerText(CR).problems)).toEqual(['ledger-text.cr-line-endings']);
    expect(codes(verifyText(CR, { format: 'decision-log' }).problems)).toContain('ledger-text.cr-line-endings');
    expect(codes((await verify(CR, { format: 'decision-log' })).problems)).toContain('ledger-text.cr-line-endings');
    expect(codes((await verify(new TextEncoder().encode(CR), { format: 'decision-log' })).problems)).toContain('ledger-text.cr-line-endings');
    // No preamble at all: the entries run together on one LF line.
    const bare = CR.slice(CR.indexOf('{'));
    expect(codes(parseLedgerText(bare).problems)).toContain('ledger-text.cr-line-endings');
  });

  it('memkit verify and memkit check exit 1 on the CR-only ledger', { timeout: 30_000 }, async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'memory-bank'));
      const file = join(t.dir, 'memory-bank/decisionLog.md');
      writeFileSync(file, CR);
      const v = await runCli(['verify', file, '--format', 'json']);
      expect(v.code).toBe(1);
      expect(v.stdout).toContain('ledger-text.cr-line-endings');
      const c = await runCli(['check', t.dir, '--format', 'json']);
      expect(c.code).toBe(1);
      expect(JSON.parse(c.stdout).problems.map((p: { code: string }) => p.code)).toContain('ledger-text.cr-line-endings');
    } finally {
      t.done();
    }
  });

  // A lone CR that ends the last line only (`{…}\r`) hides nothing and is read as one entry.
  it('any ledger with a line before an entry, its LFs turned into lone CRs, is reported', { timeout: 30_000 }, () => {
    const line = fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.oneof(fc.string(), fc.integer())).map((o) => JSON.stringify(o));
    const ledger = fc.tuple(fc.array(fc.stringMatching(/^[#A-Za-z ]{0,20}$/), { maxLength: 3 }), fc.array(line, { minLength: 1, maxLength: 5 }));
    fc.assert(
      fc.property(
        ledger.filter(([preamble, entries]) => preamble.length + entries.length >= 2),
        ([preamble, entries]) => {
          const lf = [...preamble, ...entries].join('\n') + '\n';
          expect(parseLedgerText(lf).problems).toEqual([]);
          expect(codes(parseLedgerText(lf.replace(/\n/g, '\r')).problems)).toContain('ledger-text.cr-line-endings');
        },
      ),
    );
  });
});
