// Deterministic test data for the store tests: doc records, memory doc files and a search corpus.
import type { DocRecord } from '../../src/services/store/index.js';

/** A doc record with sensible defaults. */
export function record(docId: string, body: string, extra: Partial<DocRecord> = {}): DocRecord {
  return {
    docId,
    kind: 'fact',
    title: `Title of ${docId}`,
    path: `.thunderus/memory/semantic/FACTS/${docId}.md`,
    tags: ['general'],
    updated: '2026-01-02T03:04:05Z',
    provenance: { events: ['evt_1'], patches: [] },
    contentHash: `hash-${docId}-${body.length}`,
    headings: ['Overview'],
    body,
    ...extra,
  };
}

/** The text of a valid memory doc file. */
export function docFile(id: string, body: string, fields: { title?: string; kind?: string; tags?: string[]; updated?: string } = {}): string {
  return [
    '---',
    `id: ${id}`,
    `title: ${JSON.stringify(fields.title ?? `Doc ${id}`)}`,
    `kind: ${fields.kind ?? 'fact'}`,
    `tags: [${(fields.tags ?? ['testing']).join(', ')}]`,
    'created: 2026-01-01T00:00:00Z',
    `updated: ${fields.updated ?? '2026-01-02T00:00:00Z'}`,
    'provenance:',
    '  events: [evt_a1]',
    '  patches: []',
    'verification:',
    '  last_verified_commit: null',
    '  status: unknown',
    '---',
    `# ${fields.title ?? `Doc ${id}`}`,
    '',
    body,
    '',
  ].join('\n');
}

const VOCAB = (
  'test coverage vitest runner fixture snapshot mock stub assert expect lint format build bundle deploy release ' +
  'cache memory ledger hash chain verify index search query rank token parse schema migrate export import thread ' +
  'task plan decision risk context progress pattern gardener recap playbook fact adr core provenance event patch'
).split(' ');

/** A small pseudo-random generator (mulberry32) so corpora are the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` doc records with Zipf-ish word frequencies over a 60-word vocabulary. */
export function corpus(n: number, seed = 7, words = 60): DocRecord[] {
  const r = rng(seed);
  const word = () => VOCAB[Math.floor(r() ** 2 * VOCAB.length)]!;
  const kinds = ['core', 'fact', 'adr', 'playbook', 'recap'] as const;
  return Array.from({ length: n }, (_, i) => {
    const id = `doc.${String(i).padStart(4, '0')}`;
    return record(id, Array.from({ length: 5 + Math.floor(r() * words) }, word).join(' '), {
      kind: kinds[i % kinds.length]!,
      title: `${word()} ${word()}`,
      headings: [word(), `${word()} ${word()}`],
      tags: i % 3 === 0 ? ['alpha', 'beta'] : ['alpha'],
    });
  });
}

/** Two-word and one-word queries over the corpus vocabulary. */
export function queries(n: number, seed = 11): string[] {
  const r = rng(seed);
  const word = () => VOCAB[Math.floor(r() * VOCAB.length)]!;
  return Array.from({ length: n }, (_, i) => (i % 4 === 0 ? word() : `${word()} ${word()}`));
}
