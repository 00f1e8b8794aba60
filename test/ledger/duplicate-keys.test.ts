// #19.2: parseJson('{"a":1,"a":2}') was accepted. With "tests_passed":false put in front of a decision
// entry's own "tests_passed":true, `check` and `verify` exited 0 with only a warning: the chain hashes
// the last value, so two readers saw two different entries behind one hash.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkpoint, verify, verifyText } from '../../src/services/ledger/index.js';
import { parseJson, parseJsonlText } from '../../src/syntax/index.js';
import { ledgerEntryHash as ledgerStoreEntryHash } from '../../src/services/store/checks.js';
import { copyExample, runCli } from '../cli/helpers.js';
import { ledgerArb, ledgerText, lineOf } from './ledger-arbitraries.js';

const errorsOf = (problems: { code: string; severity: string; line?: number }[]) => problems.filter((p) => p.severity === 'error');

describe('a JSON name repeated on a ledger line is refused, not hashed by its last value', () => {
  it('parseJson and the JSON Lines reader refuse a repeated name', () => {
    const r = parseJson('{"a":1,"a":2}');
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([expect.objectContaining({ code: 'json.duplicate-key', severity: 'error', pointer: '/a' })]);
    expect(parseJsonlText('{"a":1}\n{"b":{"c":1,"c":1}}\n')[1]).toMatchObject({ ok: false, line: 2, problem: { code: 'json.duplicate-key', pointer: '/b/c' } });
  });

  it('the store refuses to hash a ledger line with a repeated name', () => {
    expect(ledgerStoreEntryHash('{"a":1,"a":2}')).toMatchObject({ ok: false, problems: [{ code: 'json.duplicate-key' }] });
    expect(ledgerStoreEntryHash('{"a":1,"b":2}').ok).toBe(true);
  });

  it('"tests_passed":false in front of an entry\'s own "tests_passed":true fails check and verify (exit 1)', async () => {
    const { dir, done } = copyExample('agent-memory');
    try {
      const file = join(dir, 'memory-bank', 'decisionLog.md');
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n');
      const at = lines.findIndex((l) => l.startsWith('{'));
      lines[at] = lines[at]!.replace('{', '{"tests_passed":false,');
      const forged = lines.join('\n');
      writeFileSync(file, forged);
      for (const s of [verifyText(forged, { format: 'decision-log', checkpoint: checkpoint(parseLedgerEntries(text)) }), await verify(forged, { format: 'decision-log' })])
        expect(errorsOf(s.problems)[0]).toMatchObject({ code: 'json.duplicate-key', line: at + 1 });
      const check = await runCli(['check', dir, '--format', 'json']);
      expect(check.code).toBe(1);
      expect((JSON.parse(check.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('json.duplicate-key');
      const v = await runCli(['verify', file, '--format', 'json']);
      expect(v.code).toBe(1);
      expect(v.stdout).toContain('json.duplicate-key');
    } finally {
      done();
    }
  });

  it('a repeated name on any line of any ledger fails verification at that line, before or after the original (property)', async () => {
    await fc.assert(
      fc.asyncProperty(ledgerArb(1, 8), fc.nat(), fc.nat(), fc.jsonValue({ maxDepth: 1 }), fc.boolean(), async (l, pick, keyPick, value, front) => {
        const i = pick % l.entries.length;
        const keys = Object.keys(l.entries[i]!);
        const key = keys[keyPick % keys.length]!;
        const text = ledgerText(l);
        const lines = text.split('\n');
        const line = lineOf(l, i);
        const extra = `${JSON.stringify(key)}:${JSON.stringify(value)}`;
        // Replacer functions: a `$'` or `$&` in the value must not be read as a replacement pattern.
        lines[line - 1] = front ? lines[line - 1]!.replace('{', () => `{${extra},`) : lines[line - 1]!.replace(/}$/, () => `,${extra}}`);
        const forged = lines.join('\n');
        const cp = checkpoint(l.entries);
        for (const s of [verifyText(forged, { format: l.format, checkpoint: cp }), await verify(forged, { format: l.format, checkpoint: cp })]) {
          const errors = errorsOf(s.problems);
          expect(errors[0]).toMatchObject({ code: 'json.duplicate-key', line });
        }
      }),
      { numRuns: 150 },
    );
  });
});

function parseLedgerEntries(text: string): unknown[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as unknown);
}
