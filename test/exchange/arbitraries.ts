// fast-check generators for exchange tests: v1 and v2 records, memories, thread stores.
import fc from 'fast-check';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { type ExchangeRecord, memoryRecords } from '../../src/services/exchange/index.js';

export const dateTime = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
export const text = fc.string({ unit: 'binary', maxLength: 24 });
export const nonEmpty = fc.string({ unit: 'binary', minLength: 1, maxLength: 12 });
const tags = fc.array(text, { maxLength: 3 });
const status = fc.constantFrom('proposed', 'accepted', 'superseded', 'rejected');

export const factV1 = fc.record({ type: fc.constant('Fact' as const), id: nonEmpty, statement: nonEmpty, tags, source: fc.option(text, { nil: null }), created_at: dateTime, updated_at: dateTime });
const decisionFields = {
  type: fc.constant('Decision' as const),
  id: nonEmpty,
  title: nonEmpty,
  rationale: text,
  status,
  decided_at: dateTime,
  supersedes: fc.option(nonEmpty, { nil: null }),
};
export const decisionV1 = fc.record(decisionFields);
export const identityV1 = fc.record({ type: fc.constant('Identity' as const), id: nonEmpty, name: nonEmpty, role: text, traits: tags, created_at: dateTime });
export const recordV1 = fc.oneof(factV1, decisionV1, identityV1);

const factV2 = fc.record({ type: fc.constant('Fact' as const), id: nonEmpty, text: nonEmpty, tags, source: fc.option(text, { nil: null }), created_at: dateTime, updated_at: dateTime });
const decisionV2 = fc.record({ ...decisionFields, updated_at: dateTime });
const identityV2 = fc.record({
  type: fc.constant('Identity' as const),
  id: nonEmpty,
  name: nonEmpty,
  role: text,
  traits: fc.array(fc.record({ name: text, note: fc.option(text, { nil: null }) }), { maxLength: 3 }),
  created_at: dateTime,
  updated_at: dateTime,
});
const docEdge = fc.record({ type: fc.constant('DocEdge' as const), src_doc_id: nonEmpty, rel: fc.constantFrom('derives_from', 'refers_to', 'supersedes', 'duplicates'), dst_doc_id: nonEmpty });
export const recordV2 = fc.oneof(factV2, decisionV2, identityV2, docEdge) as fc.Arbitrary<ExchangeRecord>;

const segment = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,6}$/);
const memkitPaths = fc.constantFrom(
  '.thunderus/memory/core/identity.md',
  '.thunderus/memory/facts/build.md',
  '.thunderus/memory/indexes/manifest.json',
  'memory-bank/decisionLog.md',
  'memory-bank/progress.md',
  '.claude/memory/task-index.json',
  '.claude/memory/tasks/1.2.json',
  'threads/store.json',
  'events.jsonl',
);
export const path = fc.oneof(
  memkitPaths,
  fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/')),
);
const enc = new TextEncoder();
export const content = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }).map((s) => enc.encode(s)),
  fc.uint8Array({ maxLength: 48 }),
  dateTime.map((d) => enc.encode(`---\nid: x\nupdated: ${d}\n---\n# Title\r\nbody\n`)),
  dateTime.map((d) => enc.encode(`{"ts":"${d}","predecessor_hash":"${'0'.repeat(64)}"}\n`)),
);

/** A generated memory: files (unique paths) and records (unique keys). */
export const memorySpec = fc.record({
  files: fc.uniqueArray(fc.tuple(path, content), { maxLength: 8, selector: (t) => t[0] }),
  records: fc.uniqueArray(recordV2, {
    maxLength: 8,
    selector: (r) => (r.type === 'DocEdge' ? `DocEdge\u0000${r.src_doc_id}\u0000${r.rel}\u0000${r.dst_doc_id}` : `${r.type}\u0000${(r as { id: string }).id}`),
  }),
});
export type MemorySpec = { files: [string, Uint8Array][]; records: ExchangeRecord[] };

/** Builds fresh ports holding the spec. */
export function buildMemory(spec: MemorySpec) {
  return { files: memoryFiles(Object.fromEntries(spec.files)), records: memoryRecords(spec.records) };
}

/** A valid 1.0.0 thread store with consistent relations. */
export const threadStore100 = fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/), { minLength: 1, maxLength: 5 }).chain((ids) =>
  fc.record({
    version: fc.constantFrom('1.0.0', '1.0'),
    metadata: fc.record({ last_updated: dateTime, thread_count: fc.constant(ids.length) }),
    threads: fc
      .tuple(
        ...ids.map((id) =>
          fc.record({
            id: fc.constant(id),
            title: nonEmpty,
            objective: nonEmpty,
            created_at: dateTime,
            status: fc.constantFrom('active', 'frozen', 'archived'),
            parent_id: fc.constant(null),
            storage_path: fc.constant(`threads/${id}`),
          }),
        ),
      )
      .map((ts) => Object.fromEntries(ts.map((t) => [t.id, t]))),
    operations: fc.array(
      fc.record({ id: nonEmpty, timestamp: dateTime, command: fc.constantFrom('spawn', 'freeze', 'update'), operator: fc.constantFrom('user', 'system', 'agent'), params: fc.constant({}) }),
      { maxLength: 4 },
    ),
    relations: fc.constant(Object.fromEntries(ids.map((id) => [id, { children: [], references_to: [], referenced_by: [], depends_on: [] }]))),
  }),
);
