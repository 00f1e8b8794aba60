// The memory-doc corpus of the parse and index benchmarks: files as memkit writes them
// (stringifyFrontmatter, schema key order), with a body of headings, paragraphs, lists, code
// spans and fenced code; emphasis and a link in 1 in 10, a block quote and a nested list in
// 1 in 20, an HTML comment, a setext heading, escapes and an entity in 1 in 25, a frontmatter
// comment in 1 in 20, an HTML block (`<details>`) in 1 in 100. Hand-edited files outside the
// plain subset the fast path reads go through `yaml`, as real ones would: a block scalar in 1 in
// 50 frontmatters.
import { stringifyFrontmatter } from '../src/syntax/index.js';
import { MemoryDocFrontmatter } from '../src/schema/typebox/thunderus.js';

/** Deterministic pseudo-random numbers so every run uses the same corpus. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The corpus's words. */
export const WORDS = 'memory ledger hash chain verify entry agent task status build test docs search index body heading store export import'.split(' ');

/** `n` words drawn with `r`. */
export function sentence(r: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(r() * WORDS.length)]!);
  return out.join(' ');
}

/** One corpus file: its path under `.thunderus/memory` and its text. */
export interface CorpusDoc {
  path: string;
  text: string;
}

/** `n` memory docs (see the file comment for the mix). */
export function memoryDocCorpus(n: number): CorpusDoc[] {
  const r = rng(42);
  const keyOrder = Object.keys(MemoryDocFrontmatter.properties);
  const docs: CorpusDoc[] = [];
  for (let i = 0; i < n; i++) {
    const kind = ['core', 'fact', 'adr', 'playbook', 'recap'][i % 5]!;
    const data = {
      id: `${kind}.bench.doc-${i}`,
      title: `Doc ${i}: ${sentence(r, 4)}`,
      kind,
      tags: [WORDS[i % WORDS.length], WORDS[(i * 7) % WORDS.length]],
      created: '2026-01-02T03:04:05Z',
      updated: '2026-02-03T04:05:06Z',
      provenance: { events: [`evt_${i}`, `evt_${i + 1}`], patches: [`patch_${i}`], commits: ['0123456789abcdef0123456789abcdef01234567'] },
      verification: { last_verified_commit: null, status: 'verified' },
    };
    const body: string[] = [`# ${data.title}`, '', sentence(r, 30), ''];
    for (let s = 0; s < 4; s++) {
      body.push(`## Section ${s} ${sentence(r, 2)}`, '', sentence(r, 25), '', `- ${sentence(r, 6)}`, `- ${sentence(r, 6)} \`code\``, '');
      if (s % 2 === 0) body.push('```ts', '# not a heading', 'const x = 1;', '```', '');
    }
    if (i % 10 === 7) body.push(`See **${sentence(r, 2)}** and [the docs](https://example.com/${i}) for *why*.`, '');
    if (i % 20 === 3) body.push(`> ${sentence(r, 8)}`, '', `- ${sentence(r, 3)}`, `  - ${sentence(r, 3)}`, '');
    if (i % 100 === 41) body.push('<details>', '<summary>More</summary>', '', `${sentence(r, 12)}`, '', '</details>', '');
    if (i % 25 === 11) body.push('<!-- kept by hand -->', '', 'Notes', '-----', '', `${sentence(r, 6)} \\_raw\\_ &amp; more.`, '');
    body.push('### Provenance', '', `See evt_${i}.`, '');
    let text = stringifyFrontmatter(data, body.join('\n'), { keyOrder });
    if (i % 20 === 13) text = text.replace(' status: verified\n', ' status: verified # checked by hand\n');
    if (i % 50 === 17) text = text.replace('\nkind: ', '\nsummary: |\n  Written by hand,\n  over two lines.\nkind: ');
    const dir = kind === 'core' ? 'core' : `semantic/${kind.toUpperCase()}S`;
    docs.push({ path: `.thunderus/memory/${dir}/doc-${i}.md`, text });
  }
  return docs;
}
