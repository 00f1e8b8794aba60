// #19.1: canonicalize({ a: '\ud800' }) returned {"a":"\ud800"} and a ledger line holding a lone
// surrogate passed `memkit check`; RFC 8785 §3.2.2.2 requires an error (in values and in keys).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CanonicalizeError, canonicalize, hashJson, readJson, sha256Hex } from '../../src/kernel/canonical/index.js';
import { verify, verifyText } from '../../src/services/ledger/index.js';
import { parseJson, parseJsonlText } from '../../src/syntax/index.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';
import { copyExample, runCli } from '../cli/helpers.js';

/** A decision log chained the way the old code hashed it: a lone surrogate written as the escape `\ud800`. */
function oldStyleLedger(rationale: string): string {
  const lines: string[] = [];
  let prev = '0'.repeat(64);
  for (let i = 0; i < 3; i++) {
    const entry = {
      diff_hash: 'a'.repeat(64),
      id: `DEC-20260220-00${i + 1}`,
      predecessor_hash: prev,
      proposer_agent: 'ReaperOAK',
      rationale: i === 1 ? rationale : `step ${i}`,
      tests_passed: true,
      ts: `2026-02-20T1${i}:00:00Z`,
    };
    const line = JSON.stringify(entry); // keys already sorted: the old canonical form
    lines.push(line);
    prev = sha256Hex(line);
  }
  return `# Decision Log\n\n${lines.join('\n')}\n`;
}

describe('a lone surrogate is refused by canonicalize, the JSON readers and verification', () => {
  it('canonicalize throws a TypeError (CanonicalizeError, json.lone-surrogate) for a lone surrogate in a value or a key', () => {
    for (const v of [{ a: '\ud800' }, { '\ud800': 1 }, ['\udc00'], 'x\udbff']) {
      expect(() => canonicalize(v)).toThrow(CanonicalizeError);
      expect(() => canonicalize(v)).toThrow(TypeError);
      expect(() => hashJson(v)).toThrow(TypeError);
    }
    expect(canonicalize({ a: '\ud83d\ude00' })).toBe('{"a":"\ud83d\ude00"}');
  });

  it('the JSON readers refuse the escape in a value and in a key', () => {
    expect(readJson('{"a":"\\ud800"}').problems?.[0]).toMatchObject({ code: 'json.lone-surrogate', pointer: '/a' });
    expect(parseJson('{"\\ud800":1}').problems?.[0]).toMatchObject({ code: 'json.lone-surrogate' });
    const items = parseJsonlText('{"a":1}\n{"a":"\\udfff"}\n');
    expect(items[1]).toMatchObject({ ok: false, line: 2, problem: { code: 'json.lone-surrogate', severity: 'error' } });
    expect(parseLedgerText('{"a":"\\ud800"}\n').problems[0]).toMatchObject({ code: 'json.lone-surrogate', line: 1 });
  });

  it('a ledger line holding one fails verification (text and stream)', async () => {
    const text = oldStyleLedger('merged \ud800 here');
    const good = oldStyleLedger('merged here');
    expect(verifyText(good, { format: 'decision-log' }).problems.filter((p) => p.severity === 'error')).toEqual([]);
    for (const summary of [
      verifyText(text, { format: 'decision-log' }),
      await verify(text, { format: 'decision-log' }),
      verifyText(text.slice(text.indexOf('{')), { format: 'decision-log', preamble: false }),
    ]) {
      const errors = summary.problems.filter((p) => p.severity === 'error');
      expect(errors[0]).toMatchObject({ code: 'json.lone-surrogate' });
      expect(errors[0]!.line! - (summary.preambleLines ?? 0)).toBe(2);
    }
  });

  it('an entry value holding one (verifyEntries path) is refused with its pointer, never hashed', async () => {
    const { verifyEntries } = await import('../../src/services/ledger/index.js');
    const s = verifyEntries([{ line: 4, value: { id: 'x', predecessor_hash: '0'.repeat(64), rationale: ['ok', '\ud800'] } }]);
    expect(s.problems[0]).toMatchObject({ code: 'json.lone-surrogate', line: 4, pointer: '/rationale/1' });
  });

  it('memkit check and memkit verify exit 1 on a memory bank whose ledger holds one', async () => {
    const { dir, done } = copyExample('agent-memory');
    try {
      const file = join(dir, 'memory-bank', 'decisionLog.md');
      writeFileSync(file, oldStyleLedger('lone \ud800 surrogate'));
      const check = await runCli(['check', dir, '--format', 'json']);
      expect(check.code).toBe(1);
      expect((JSON.parse(check.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('json.lone-surrogate');
      const v = await runCli(['verify', file, '--format', 'json']);
      expect(v.code).toBe(1);
      expect(v.stdout).toContain('json.lone-surrogate');
      expect(readFileSync(file, 'utf8')).toContain('\\ud800');
    } finally {
      done();
    }
  });
});

describe('a lone surrogate is refused by the ledger writers', () => {
  it('append refuses a draft holding one with json.lone-surrogate and its pointer (it cannot be hashed)', async () => {
    const { append } = await import('../../src/services/ledger/index.js');
    const r = append([], { proposer_agent: 'ReaperOAK', rationale: 'x\ud800', diff_hash: 'a'.repeat(64), tests_passed: true }, { format: 'decision-log', now: () => new Date('2026-02-20T10:00:00Z') });
    expect(r).toMatchObject({ ok: false, problems: [{ code: 'json.lone-surrogate', pointer: '/rationale' }] });
    const good = append(
      [],
      { proposer_agent: 'ReaperOAK', rationale: 'x\ud83d\ude00', diff_hash: 'a'.repeat(64), tests_passed: true },
      { format: 'decision-log', now: () => new Date('2026-02-20T10:00:00Z') },
    );
    expect(good.ok && good.value.hash).toBe(good.ok && sha256Hex(good.value.line));
  });
});
