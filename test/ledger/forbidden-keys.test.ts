// #25.2: adding a `constructor` key (or `__proto__`, `prototype`) or a duplicate key to a past ledger line
// left the chain and the checkpoint matching, with only a warning: the reader dropped or overwrote the key
// before hashing. Every byte of a line must be covered by its hash, so such a line is now an error.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkpoint, verify, verifyFeedbackLog, verifyText } from '../../src/services/ledger/index.js';
import { parseJsonlText } from '../../src/syntax/index.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';
import { copyExample, runCli } from '../cli/helpers.js';
import { ledgerArb, ledgerText, lineOf } from './ledger-arbitraries.js';

const FORBIDDEN = ['constructor', '__proto__', 'prototype'] as const;
const errorsOf = (problems: { code: string; severity: string; line?: number }[]) => problems.filter((p) => p.severity === 'error');

describe('a ledger line with a key the reader drops (constructor, __proto__, prototype) fails verification', () => {
  it('a ledger line with a forbidden key is json.uncovered-key, while plain JSON Lines still drop it with a warning', () => {
    for (const k of FORBIDDEN) {
      const line = `{"${k}":{"x":1},"a":1}`;
      expect(parseLedgerText(`${line}\n`).problems).toEqual([expect.objectContaining({ code: 'json.uncovered-key', severity: 'error', line: 1, pointer: `/${k}` })]);
      expect(parseJsonlText(`${line}\n`)[0]).toMatchObject({ ok: true, value: { a: 1 }, warnings: [{ code: 'input.forbidden-key', severity: 'warning' }] });
      expect(parseJsonlText(`${line}\n`, { forbiddenKeys: 'refuse' })[0]).toMatchObject({ ok: false, problem: { code: 'json.uncovered-key' } });
    }
  });

  it('a constructor key added to an old entry fails verify and check, with and without a checkpoint', async () => {
    const { dir, done } = copyExample('agent-memory');
    try {
      const file = join(dir, 'memory-bank', 'decisionLog.md');
      const text = readFileSync(file, 'utf8');
      const entries = text
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as unknown);
      const lines = text.split('\n');
      const at = lines.findIndex((l) => l.startsWith('{'));
      lines[at] = lines[at]!.replace('{', '{"constructor":"approved by Security",');
      const forged = lines.join('\n');
      writeFileSync(file, forged);
      for (const s of [
        verifyText(forged, { format: 'decision-log' }),
        verifyText(forged, { format: 'decision-log', checkpoint: checkpoint(entries) }),
        await verify(forged, { format: 'decision-log' }),
      ])
        expect(errorsOf(s.problems)[0]).toMatchObject({ code: 'json.uncovered-key', line: at + 1, pointer: '/constructor' });
      const check = await runCli(['check', dir, '--format', 'json']);
      expect(check.code).toBe(1);
      expect((JSON.parse(check.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('json.uncovered-key');
      const v = await runCli(['verify', file, '--format', 'json']);
      expect(v.code).toBe(1);
    } finally {
      done();
    }
  });

  it('a forbidden key in a feedback-log block (whose chain hashes the parsed YAML) is an error', () => {
    const block = (extra: string) =>
      `# Feedback\n\n## 2026-02-20T10:00:00Z — QA → Backend\n\n\`\`\`yaml\ncategory: defect\nseverity: low\nartifact_path: src/a.ts\ndescription: d\nevidence: e\npredecessor_hash: "${'0'.repeat(64)}"\n${extra}\`\`\`\n`;
    expect(errorsOf(verifyFeedbackLog(block('')).problems).map((p) => p.code)).not.toContain('json.uncovered-key');
    expect(errorsOf(verifyFeedbackLog(block('constructor: 1\n')).problems).map((p) => p.code)).toContain('json.uncovered-key');
  });

  it('any ledger with a duplicate or a constructor/__proto__/prototype key injected on any past line fails verification at that line (property)', async () => {
    const injection = fc.oneof(
      fc.tuple(fc.constantFrom(...FORBIDDEN), fc.jsonValue({ maxDepth: 2 })).map(([k, v]) => ({ key: k as string, value: v, code: 'json.uncovered-key', own: false })),
      fc.tuple(fc.nat(), fc.jsonValue({ maxDepth: 1 })).map(([n, v]) => ({ key: n, value: v, code: 'json.duplicate-key', own: true })),
    );
    await fc.assert(
      fc.asyncProperty(ledgerArb(2, 8), fc.nat(), injection, fc.boolean(), async (l, pick, inj, nested) => {
        const i = pick % (l.entries.length - 1); // a past line: at least one entry follows it
        const keys = Object.keys(l.entries[i]!);
        const key = inj.own ? keys[(inj.key as number) % keys.length]! : (inj.key as string);
        const line = lineOf(l, i);
        const lines = ledgerText(l).split('\n');
        // Nested: the forbidden key goes into a fresh object member (a duplicate always stays top-level, next to the original).
        const member = nested && !inj.own ? `"zz_note":{${JSON.stringify(key)}:${JSON.stringify(inj.value)}}` : `${JSON.stringify(key)}:${JSON.stringify(inj.value)}`;
        lines[line - 1] = lines[line - 1]!.replace('{', () => `{${member},`); // a replacer: `$'` in a value is not a pattern
        const forged = lines.join('\n');
        const cp = checkpoint(l.entries);
        const summaries = [
          verifyText(forged, { format: l.format, checkpoint: cp }),
          await verify(forged, { format: l.format, checkpoint: cp }),
          await verify(new TextEncoder().encode(forged), { format: l.format }),
        ];
        if (l.preamble === '') summaries.push(verifyText(forged, { format: l.format, preamble: false, checkpoint: cp }));
        for (const s of summaries) expect(errorsOf(s.problems)[0]).toMatchObject({ code: inj.code, line });
      }),
      { numRuns: 200 },
    );
  });
});
