// Thread and operation ids in two Unicode spellings, or that only look different, are reported.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyOperation, checkThreadStore } from '../../src/services/threads/index.js';
import type { ThreadStore } from '../../src/schema/thread-store.js';
import { ROOT } from '../cli/helpers.js';

const store = (): ThreadStore => JSON.parse(readFileSync(join(ROOT, 'examples/agent-memory/threads/thread-store.json'), 'utf8'));
const spelling = (problems: { code: string }[]) => problems.filter((p) => p.code.startsWith('id.'));
let n = 0;
const env = { now: () => '2026-03-01T00:00:00Z', newId: () => `op-${++n}` };

describe('thread id spellings', () => {
  it('warns about a thread id that differs from another only in case (Search-UI beside search-ui)', () => {
    const r = applyOperation(store(), { command: 'spawn', params: { parent_id: 'memkit-main', child_id: 'Search-UI', objective: 'Again' } }, env);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(spelling(checkThreadStore(r.value))).toMatchObject([{ code: 'id.lookalike', severity: 'warning', pointer: '/threads/Search-UI' }]);
  });

  it('reports NFC and NFD spellings of one thread key', () => {
    const s = store() as unknown as { threads: Record<string, Record<string, unknown>> };
    const base = s.threads['search-ui']!;
    s.threads['caf\u00e9'] = { ...base, id: 'caf\u00e9' };
    s.threads['cafe\u0301'] = { ...base, id: 'cafe\u0301' };
    expect(spelling(checkThreadStore(s))).toMatchObject([{ code: 'id.unicode-collision', pointer: '/threads/cafe\u0301' }]);
  });

  it('warns about operation ids that only look different', () => {
    const s = store();
    const first = s.operations[0]!;
    s.operations.push({ ...first, id: first.id.toUpperCase() });
    expect(spelling(checkThreadStore(s))).toMatchObject([{ code: 'id.lookalike', pointer: `/operations/${s.operations.length - 1}/id` }]);
  });

  it('reports nothing for the example store', () => {
    expect(spelling(checkThreadStore(store()))).toEqual([]);
  });
});
