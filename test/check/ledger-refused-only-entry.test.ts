// A memory bank ledger whose only entry line is a JSON object memkit refuses to hash (a `constructor`
// or `__proto__` key, a duplicate key, a lone surrogate) was read as prose: the bank became a prose
// bank, the refusal a warning, and `memkit check` passed a tampered one-entry ledger.
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { appendLedgerLine } from './memory-bank-texts.js';

const run = async (files: Record<string, string>) => checkDirectory(sourceFromFilePort(memoryFiles(files)), { config: null });
const ENTRY = appendLedgerLine('').trim();
const LOG = 'memory-bank/decisionLog.md';

describe('a ledger whose only entry is refused is a ledger error, not prose', () => {
  it.each([
    ['a prototype key', ENTRY.replace('{', '{"constructor":"x",'), 'json.uncovered-key'],
    ['a duplicate key', ENTRY.replace('{', '{"id":"DEC-20260220-009",'), 'json.duplicate-key'],
    ['a lone surrogate', ENTRY.replace('{', '{"note":"\\ud800",'), 'json.lone-surrogate'],
  ])('the only entry with %s is an error of the ledger, not a prose file', async (_, line, code) => {
    const r = await run({ [LOG]: `# Decision Log\n\n${line}\n` });
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => [p.file, p.code, p.severity])).toContainEqual([LOG, code, 'error']);
    expect(r.problems.map((p) => p.code)).not.toContain('check.prose-memory-bank');
  });

  it('the same ledger with its entry intact checks clean, and prose stays prose', async () => {
    expect((await run({ [LOG]: `# Decision Log\n\n${ENTRY}\n` })).problems).toEqual([]);
    const prose = await run({ [LOG]: '# Decision Log\n\nWe chose SQLite.\n' });
    expect(prose.ok).toBe(true);
  });
});

describe('a ledger whose only entry line is broken JSON is a ledger error, not prose', () => {
  it('the only entry line broken or torn is an error of the ledger, not a prose file', async () => {
    for (const text of [`# Decision Log\n\n${ENTRY.slice(0, -1)},\n`, `# Decision Log\n\n${ENTRY.slice(0, 40)}`]) {
      const r = await run({ [LOG]: text });
      expect(r.ok).toBe(false);
      expect(r.problems.map((p) => p.code)).not.toContain('check.prose-memory-bank');
    }
  });

  it('a JSON sample in a fenced code block of a prose note stays prose', async () => {
    const r = await run({ [LOG]: '# Decision Log\n\n```json\n{"id": "DEC-1",\n```\n' });
    expect(r.ok).toBe(true);
  });
});
