import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { progressRowArb } from '../../src/schema/arbitraries/index.js';
import { renderRow, splitRow } from '../../src/syntax/index.js';
import { PROGRESS_COLUMNS, parseProgressTable, serializeProgressTable } from '../../src/formats/progress/parse.js';

const GOOD = '| task_id | status | agent | milestone_severity | updated_at |\n|---|---|---|---|---|\n| T-1 | DONE | a | LOW | 2026-01-01T00:00:00Z |\n';

describe('parseProgressTable', () => {
  it('reads columns in any order, rows with lines, and keeps text around the table', () => {
    const text =
      '---\ntitle: p\n---\n# Progress\n\n| status | agent | task_id | updated_at | milestone_severity |\n| :-- | --- | --: | :-: | --- |\n| DONE | a | T\\|1 | 2026-01-01T00:00:00Z | LOW |\n\nNotes after.\n';
    const r = parseProgressTable(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.columns).toEqual(['status', 'agent', 'task_id', 'updated_at', 'milestone_severity']);
    expect(r.value.rows).toHaveLength(1);
    expect(r.value.rows[0]).toMatchObject({ line: 8, cells: { task_id: 'T|1', status: 'DONE' } });
    expect(r.value.after).toBe('\nNotes after.\n');
    expect(serializeProgressTable(r.value)).toBe(text);
  });

  it('warns on unknown columns and fails on missing or duplicate ones', () => {
    const extra = parseProgressTable(GOOD.replace('updated_at |\n|---|', 'updated_at | note |\n|---|---|').replace('Z |\n', 'Z | n |\n'));
    expect(extra.ok && extra.problems?.map((p) => [p.code, p.line])).toEqual([['table.unknown-column', 1]]);
    const missing = parseProgressTable('| task_id | status |\n|---|---|\n| a | DONE |\n');
    expect(!missing.ok && missing.problems.map((p) => p.code)).toEqual(['table.missing-column', 'table.missing-column', 'table.missing-column']);
    const dup = parseProgressTable(GOOD.replace('| agent |', '| status |'));
    expect(!dup.ok && dup.problems.map((p) => p.code)).toContain('table.duplicate-column');
  });

  it('validates each row with the Problem on its line and cell column', () => {
    const r = parseProgressTable(GOOD + '| T-2 | NOPE | b | LOW | 2026-02-30T00:00:00Z |\n| T-3 | DONE |\n', { file: 'progress.md' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.filter((p) => p.line === 4).map((p) => [p.code, p.pointer])).toEqual([
      ['schema.enum', '/status'],
      ['schema.format', '/updated_at'],
    ]);
    expect(r.problems.find((p) => p.pointer === '/status')).toMatchObject({ line: 4, column: 9, file: 'progress.md' });
    expect(r.problems.some((p) => p.code === 'table.cell-count' && p.line === 5)).toBe(true);
  });

  it('reports a missing table and the row limit', () => {
    expect(parseProgressTable('# nothing\n')).toMatchObject({ ok: false, problems: [{ code: 'table.missing', line: 1 }] });
    const r = parseProgressTable(GOOD + GOOD.split('\n')[2] + '\n', { limits: { maxTableRows: 1 } });
    expect(!r.ok && r.problems.map((p) => p.code)).toEqual(['table.too-many-rows']);
  });

  it('rewrites only changed rows and appends new ones in the existing column order', () => {
    const text = '# P\r\n\r\n|status|task_id|agent|milestone_severity|updated_at|\r\n|-|-|-|-|-|\r\n|DONE|T-1|a|LOW|2026-01-01T00:00:00Z|\r\n|PENDING|T-2|b|HIGH|2026-01-01T00:00:00Z|\r\n';
    const r = parseProgressTable(text);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    r.value.rows[1]!.cells.status = 'DONE';
    r.value.rows.push({ cells: { task_id: 'T-3', status: 'REVIEW', agent: 'c|d', milestone_severity: 'MEDIUM', updated_at: '2026-01-02T00:00:00Z' } });
    const out = serializeProgressTable(r.value);
    expect(out).toBe(
      text.replace('|PENDING|T-2|b|HIGH|2026-01-01T00:00:00Z|\r\n', '| DONE | T-2 | b | HIGH | 2026-01-01T00:00:00Z |\r\n') + '| REVIEW | T-3 | c\\|d | MEDIUM | 2026-01-02T00:00:00Z |\r\n',
    );
    const again = parseProgressTable(out);
    expect(again.ok && again.value.rows.map((x) => x.cells.status)).toEqual(['DONE', 'DONE', 'REVIEW']);
  });

  it('round-trips generated tables exactly, in any column order (property)', () => {
    const cell = (v: string) =>
      v
        .replace(/[\r\n\u0085\u2028\u2029]/g, ' ')
        .replace(/\\+\s*$/, '')
        .trim() || 'x';
    fc.assert(
      fc.property(
        fc.array(progressRowArb, { maxLength: 6 }),
        fc.shuffledSubarray([...PROGRESS_COLUMNS], { minLength: PROGRESS_COLUMNS.length }),
        fc.constantFrom('\n', '\r\n'),
        fc.constantFrom('', '# Progress\n\n'),
        fc.boolean(),
        (rows, columns, eol, before, tight) => {
          const clean = rows.map((r) => ({ ...r, task_id: cell(r.task_id), agent: cell(r.agent) }));
          const line = (vals: string[]) => (tight ? `|${vals.map((v) => v.replace(/\|/g, '\\|')).join('|')}|` : renderRow(vals));
          const text = before.replace(/\n/g, eol) + [line(columns), line(columns.map(() => '---')), ...clean.map((r) => line(columns.map((c) => String(r[c as keyof typeof r]))))].join(eol) + eol;
          const r = parseProgressTable(text);
          if (!r.ok) throw new Error(JSON.stringify(r.problems));
          expect(serializeProgressTable(r.value)).toBe(text);
          expect(r.value.columns).toEqual(columns);
          expect(r.value.rows.map((x) => x.cells)).toEqual(clean.map((c) => Object.fromEntries(columns.map((k) => [k, c[k as keyof typeof c]]))));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('splitRow', () => {
  it('handles outer pipes, escaped pipes and spacing', () => {
    expect(splitRow('| a | b \\| c |').map((c) => c.text)).toEqual(['a', 'b | c']);
    expect(splitRow('a|b').map((c) => c.text)).toEqual(['a', 'b']);
    expect(splitRow('|a||').map((c) => c.text)).toEqual(['a', '']);
  });
});
