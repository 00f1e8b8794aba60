// setProgress: one row's status (and updated_at) changes and every other byte of progress.md stays; a move to
// DONE needs an approver; a write that would not check clean, or by a writer the policy denies, changes nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replaceCells } from '../../src/handle/progress.js';
import { memoryFiles, openMemory } from '../../src/index.js';
import { parseProgressTable } from '../../src/formats/progress/parse.js';
import { exampleFiles } from './helpers.js';

const PROGRESS = 'memory-bank/progress.md';
const now = () => new Date('2026-12-02T10:00:00Z');
const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? '' : new TextDecoder().decode(bytes));
const codes = (r: { problems?: { code: string }[] }) => (r.problems ?? []).map((p) => p.code);

/** The lines of `after` that differ from `before` (same line count). */
function changedLines(before: string, after: string): [string, string][] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return a.flatMap((l, i) => (l === b[i] ? [] : [[l, b[i]!] as [string, string]]));
}

describe('setProgress', () => {
  it('sets one row’s status and updated_at; every other byte of the file is kept', async () => {
    const files = exampleFiles();
    const before = text(await files.read(PROGRESS));
    const memory = openMemory({ files, now });
    const set = await memory.setProgress({ id: '1.2.2', status: 'REVIEW', as: 'Frontend' });
    expect(set.ok, JSON.stringify(set.problems)).toBe(true);
    if (!set.ok) return;
    expect(set.value.row).toMatchObject({ task_id: '1.2.2', status: 'REVIEW', agent: 'Frontend', updated_at: '2026-12-02T10:00:00Z' });
    expect(set.value.changed.map((c) => c.path)).toEqual([PROGRESS]);
    const after = text(await files.read(PROGRESS));
    expect(changedLines(before, after)).toEqual([['| 1.2.2 | IN_PROGRESS | Frontend | MEDIUM | 2026-02-21T10:00:00Z |', '| 1.2.2 | REVIEW | Frontend | MEDIUM | 2026-12-02T10:00:00Z |']]);
    expect((await memory.check()).ok).toBe(true);
  });

  it('keeps a padded row aligned, CRLF line endings and the text around the table', async () => {
    const table = [
      '---\r\ntitle: progress\r\n---\r\n# Progress\r\n\r\n',
      '| task_id | status      | agent | milestone_severity | updated_at           |\r\n',
      '|---------|-------------|-------|--------------------|----------------------|\r\n',
      '| T-1     | PENDING     | Coder | LOW                | 2026-02-20T02:00:00Z |\r\n',
      '| T-2     | IN_PROGRESS | Coder | HIGH               | 2026-02-20T02:00:00Z |\r\n',
      '\r\nNotes after the table.\r\n',
    ].join('');
    const files = memoryFiles({ [PROGRESS]: table });
    const set = await openMemory({ files, now }).setProgress({ id: 'T-1', status: 'BLOCKED' });
    expect(set.ok, JSON.stringify(set.problems)).toBe(true);
    expect(text(await files.read(PROGRESS))).toBe(
      table.replace('| T-1     | PENDING     | Coder | LOW                | 2026-02-20T02:00:00Z |', '| T-1     | BLOCKED     | Coder | LOW                | 2026-12-02T10:00:00Z |'),
    );
  });

  it('writes nothing when the row already has the status', async () => {
    const files = exampleFiles();
    const before = files.snapshot();
    const set = await openMemory({ files, now }).setProgress({ id: '1.2.1', status: 'REVIEW' });
    expect(set.ok && set.value.changed).toEqual([]);
    expect(files.snapshot()).toEqual(before);
  });

  it('moves a milestone to DONE only for an approver (CIReviewer, ReaperOAK); others are denied, nothing written', async () => {
    const files = exampleFiles();
    const before = files.snapshot();
    const memory = openMemory({ files, now });
    for (const as of [undefined, 'Frontend', 'Backend']) {
      const denied = await memory.setProgress({ id: '1.2.1', status: 'DONE', ...(as === undefined ? {} : { as }) });
      expect(denied.ok, String(as)).toBe(false);
      expect(codes(denied), String(as)).toEqual(['ledger.writer-denied']);
    }
    expect(files.snapshot()).toEqual(before);
    for (const [id, as] of [
      ['1.2.1', 'CIReviewer'],
      ['1.2.2', 'ReaperOAK'],
    ] as const) {
      const approved = await memory.setProgress({ id, status: 'DONE', as });
      expect(approved.ok, `${id} ${as}`).toBe(true);
    }
    const rows = parseProgressTable(text(await files.read(PROGRESS)));
    expect(rows.ok && rows.value.rows.map((r) => r.cells.status)).toEqual(['DONE', 'DONE', 'DONE', 'DONE']);
  });

  it('refuses a writer the config’s roster does not name, with ledger.writer-denied and no byte changed', async () => {
    const files = exampleFiles();
    await files.write('memkit.config.json', new TextEncoder().encode(JSON.stringify({ memoryBank: { writers: { 'progress.md': ['Frontend'] } } })));
    const before = files.snapshot();
    const memory = openMemory({ files, now });
    const denied = await memory.setProgress({ id: '1.2.2', status: 'REVIEW', as: 'Backend' });
    expect(codes(denied)).toEqual(['ledger.writer-denied']);
    expect(files.snapshot()).toEqual(before);
    expect((await memory.setProgress({ id: '1.2.2', status: 'REVIEW', as: 'Frontend' })).ok).toBe(true);
  });

  it('refuses a write that would not check clean, leaving the file as it was', async () => {
    const table = '| task_id | status | agent | milestone_severity | updated_at |\n|---|---|---|---|---|\n| T-1 | PENDING | Coder | LOW | 2026-02-20T02:00:00Z |\n';
    const files = memoryFiles({ [PROGRESS]: table });
    const before = files.snapshot();
    // A clock past year 9999 gives an updated_at that is no RFC 3339 date-time: the new row fails its schema.
    const broken = openMemory({ files, now: () => new Date('+010000-01-01T00:00:00Z') });
    const refused = await broken.setProgress({ id: 'T-1', status: 'IN_PROGRESS' });
    expect(refused.ok).toBe(false);
    expect(codes(refused)[0]).toBe('memory.would-not-check-clean');
    expect(files.snapshot()).toEqual(before);
  });

  it('names a row that is not there, a status that is not one, and a table that is not there', async () => {
    const memory = openMemory({ files: exampleFiles(), now });
    expect(codes(await memory.setProgress({ id: '9.9.9', status: 'DONE', as: 'ReaperOAK' }))).toEqual(['memory.not-found']);
    expect(codes(await memory.setProgress({ id: '1.2.2', status: 'done' as never }))).toEqual(['memory.invalid-request']);
    expect(codes(await openMemory({ files: memoryFiles({ 'memory-bank/decisionLog.md': '' }), now }).setProgress({ id: 'x', status: 'DONE' }))).toEqual(['memory.not-found']);
  });

  it('refuses a task_id that names two rows', async () => {
    const row = '| T-1 | PENDING | Coder | LOW | 2026-02-20T02:00:00Z |\n';
    const files = memoryFiles({ [PROGRESS]: `| task_id | status | agent | milestone_severity | updated_at |\n|---|---|---|---|---|\n${row}${row}` });
    expect(codes(await openMemory({ files, now }).setProgress({ id: 'T-1', status: 'BLOCKED' }))).toEqual(['memory.invalid-request']);
  });
});

describe('replaceCells', () => {
  const cell = fc.stringMatching(/^[A-Za-z0-9_:. -]{0,12}$/).map((s) => s.trim());
  const pad = fc.stringMatching(/^ {0,3}$/);

  it('changes only the cells edited: the row parses to the new cells, the rest of its bytes kept (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(pad, cell, pad), { minLength: 2, maxLength: 6 }),
        fc.boolean(),
        fc.nat(),
        cell.filter((s) => s !== ''),
        (cells, outer, pick, value) => {
          const line = (outer ? '|' : '') + cells.map(([a, c, b]) => `${a}${c}${b}`).join('|') + (outer ? '|' : '') + '\n';
          const k = pick % cells.length;
          const edited = replaceCells(line, new Map([[k, value]]));
          const parsedCells = (l: string) => parseProgressTable(`| task_id | status |\n|---|---|\n${l}`, { validateRows: false });
          const was = parsedCells(line);
          const now = parsedCells(edited);
          if (!was.ok || !now.ok || was.value.rows.length !== 1) return;
          const before = Object.values(was.value.rows[0]!.cells);
          const after = Object.values(now.value.rows[0]!.cells);
          expect(after).toEqual(before.map((c, i) => (i === k ? value : c)));
          // Outside the edited cell the row's bytes are the same.
          const start = line
            .split('|')
            .slice(0, k + (outer ? 1 : 0))
            .join('|').length;
          expect(edited.slice(0, start)).toBe(line.slice(0, start));
          expect(edited.endsWith('\n')).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
