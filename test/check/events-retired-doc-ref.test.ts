// #20: an events.jsonl line that refers to a memory doc since retired was an error
// (check.unknown-doc-ref). The log is append-only, so that line can never be corrected: a warning.
import { describe, expect, it } from 'vitest';
import { checkFiles, errorsOf } from './check-files.js';

const event = (id: string, docIds: string[]) =>
  JSON.stringify({ v: 1, id, ts: '2026-02-20T02:00:00Z', session_id: 'sess_1', actor: 'agent', kind: 'note', refs: { memory_doc_ids: docIds }, body: {} });

describe('events.jsonl naming a retired memory doc is a warning, not an error', () => {
  it('checks clean, with a check.unknown-doc-ref warning at the line', async () => {
    const r = await checkFiles({ '.thunderus/events.jsonl': `${event('evt_1', ['fact.retired'])}\n` });
    expect(errorsOf(r.problems)).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.problems.map((p) => [p.code, p.severity, p.line])).toEqual([['check.unknown-doc-ref', 'warning', 1]]);
  });

  it('is an error under --profile strict', async () => {
    const r = await checkFiles({ '.thunderus/events.jsonl': `${event('evt_1', ['fact.retired'])}\n` }, ['--profile', 'strict']);
    expect(r.code).toBe(1);
  });

  it('what the seed lists stays an error: an actor outside user|agent|tool', async () => {
    const r = await checkFiles({ '.thunderus/events.jsonl': `${event('evt_1', []).replace('"agent"', '"robot"')}\n` });
    expect(errorsOf(r.problems)).toEqual([['schema.enum', '/actor']]);
  });
});
