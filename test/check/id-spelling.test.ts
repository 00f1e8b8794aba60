// Where ids must be unique, checkDirectory reports ids that are one id in two Unicode spellings
// (id.unicode-collision) or only look different (id.lookalike): memory docs, events, ledger entries, WBS.
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { checkWbs } from '../../src/services/wbs/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';

const NFC = 'caf\u00e9';
const NFD = 'cafe\u0301';
const check = (files: Record<string, string>) => checkDirectory(sourceFromFilePort(memoryFiles(files)));
const spelling = (problems: readonly { code: string }[]) => problems.filter((p) => p.code.startsWith('id.'));
const doc = (id: string) => `---\nid: ${id}\ntitle: A note\nkind: fact\ntags: []\ncreated: 2026-02-18T09:00:00Z\nupdated: 2026-02-18T09:00:00Z\n---\nBody.\n`;
const event = (id: string) => JSON.stringify({ v: 1, id, ts: '2026-02-20T09:00:00Z', session_id: 'sess_1', actor: 'user', kind: 'message', refs: {}, body: { text: 'hi' } });

describe('id spellings across a directory', () => {
  it('memory doc ids in NFC and NFD spellings are reported, at the second doc', async () => {
    const report = await check({ '.thunderus/memory/semantic/a.md': doc(`fact.${NFC}`), '.thunderus/memory/semantic/b.md': doc(`fact.${NFD}`) });
    expect(spelling(report.problems)).toMatchObject([{ code: 'id.unicode-collision', severity: 'warning', file: '.thunderus/memory/semantic/b.md', line: 2 }]);
    expect(report.problems.map((p) => p.code)).not.toContain('check.duplicate-doc-id');
  });

  it('memory doc ids that differ only in case are look-alikes', async () => {
    const report = await check({ '.thunderus/memory/semantic/a.md': doc('fact.vitest'), '.thunderus/memory/semantic/b.md': doc('fact.Vitest') });
    expect(spelling(report.problems)).toMatchObject([{ code: 'id.lookalike', file: '.thunderus/memory/semantic/b.md' }]);
  });

  it('event ids in two spellings are reported at the later line', async () => {
    const report = await check({ '.thunderus/events.jsonl': `${event(`evt_${NFC}`)}\n${event(`evt_${NFD}`)}\n` });
    expect(spelling(report.problems)).toMatchObject([{ code: 'id.unicode-collision', file: '.thunderus/events.jsonl', line: 2 }]);
  });

  it('decision log ids that look alike (full-width digits) are reported', async () => {
    const entry = (id: string) => JSON.stringify({ id, ts: '2026-01-01T00:00:00Z' });
    const report = await check({ 'memory-bank/decisionLog.md': `${entry('DEC-20260101-001')}\n${entry('DEC-２０２６0101-001')}\n` });
    expect(spelling(report.problems)).toMatchObject([{ code: 'id.lookalike', file: 'memory-bank/decisionLog.md', line: 2, pointer: '/id' }]);
  });

  it('WBS ids of the index and of entity files that look alike are reported', () => {
    const task = (id: string) => ({ id, type: 'epic', status: 'todo', parent: null, children: [], dependencies: [] });
    const problems = checkWbs({ version: '1.0.0', tasks: [task('1'), task('１')] }, { '1.json': task('1'), '2.json': task('１') });
    const found = spelling(problems) as { code: string; file?: string; pointer?: string }[];
    expect(found.map((p) => p.code)).toEqual(['id.lookalike', 'id.lookalike']);
    expect(found.map((p) => p.pointer)).toEqual(['/tasks/1/id', '/id']);
  });

  it('plain distinct ids raise nothing', async () => {
    const report = await check({ '.thunderus/memory/semantic/a.md': doc('fact.a'), '.thunderus/memory/semantic/b.md': doc('fact.b') });
    expect(spelling(report.problems)).toEqual([]);
  });
});
