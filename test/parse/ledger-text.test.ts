import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decisionLogEntryArb } from '../../src/schema/arbitraries/index.js';
import { serializeJsonl } from '../../src/syntax/index.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';

describe('parseLedgerText', () => {
  it('splits frontmatter and Markdown preamble from entries', () => {
    const text = '---\nid: decisions\n---\n# Decision log\n\nSome prose.\n{"n":1}\n\n{"n":2}\n';
    const r = parseLedgerText(text);
    expect(r.problems).toEqual([]);
    expect(r.preamble).toBe('---\nid: decisions\n---\n# Decision log\n\nSome prose.\n');
    expect(r.preambleLines).toBe(6);
    expect(r.entries).toEqual([
      { line: 7, text: '{"n":1}', value: { n: 1 } },
      { line: 9, text: '{"n":2}', value: { n: 2 } },
    ]);
    expect(r.frontmatter?.data).toEqual({ id: 'decisions' });
  });

  it('does not take a `{` line inside the frontmatter for an entry', () => {
    const r = parseLedgerText('---\n{a: 1}\n---\n{"n":1}\n');
    expect(r.entries.map((e) => e.line)).toEqual([4]);
  });

  it('requires every non-blank line after the first entry to be an entry', () => {
    const r = parseLedgerText('# Log\n{"n":1}\n## Late heading\n{"n":2}\n[3]\n');
    expect(r.entries.map((e) => e.line)).toEqual([2, 4]);
    expect(r.problems.map((p) => [p.code, p.line])).toEqual([
      ['ledger-text.non-entry-line', 3],
      ['ledger-text.non-entry-line', 5],
    ]);
  });

  it('reports a torn tail apart from corrupt middle lines, with CRLF', () => {
    const r = parseLedgerText('# Log\r\n{"n":1}\r\n{"n":\r\n{"n":3}\r\n{"n":4');
    expect(r.problems.map((p) => [p.code, p.line])).toEqual([
      ['jsonl.invalid-json', 3],
      ['jsonl.truncated-line', 5],
    ]);
    expect(r.tornTail).toEqual({ line: 5, text: '{"n":4' });
    expect(r.entries.map((e) => e.text)).toEqual(['{"n":1}', '{"n":3}']);
    expect(r.eol).toBe('\r\n');
  });

  it('validates entries against a format, on the entry line', () => {
    const r = parseLedgerText('{"id":"DEC-20260230-001"}\n', { format: 'decision-log-entry', file: 'decisionLog.md' });
    expect(r.problems.length).toBeGreaterThan(0);
    expect(r.problems.every((p) => p.line === 1 && p.file === 'decisionLog.md')).toBe(true);
  });

  it('preamble + entry lines reproduce generated ledgers, and entries deep-equal (property)', () => {
    fc.assert(
      fc.property(fc.array(decisionLogEntryArb, { maxLength: 5 }), fc.constantFrom('', '# Decisions\n\n', '---\ntitle: x\n---\n# D\n'), (entries, preamble) => {
        const text = preamble + serializeJsonl(entries);
        const r = parseLedgerText(text, { format: 'decision-log-entry' });
        expect(r.problems).toEqual([]);
        expect(r.preamble).toBe(entries.length > 0 ? preamble : text);
        expect(r.entries.map((e) => e.value)).toEqual(entries);
        expect(r.preamble + r.entries.map((e) => e.text + '\n').join('')).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});
