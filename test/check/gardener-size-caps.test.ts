import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { copyExample, runCli } from '../cli/helpers.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const M = '.thunderus/memory';
const doc = (id: string, kind: string, body = '') =>
  `---\nid: ${id}\ntitle: ${id}\nkind: ${kind}\ntags: []\ncreated: 2026-02-20T00:00:00Z\nupdated: 2026-02-20T00:00:00Z\nprovenance:\n  events: []\n  patches: []\nverification:\n  last_verified_commit: null\n  status: unknown\n---\n# ${id}\n${body}`;
const toml = (caps: string) =>
  `version = 1\nallowed_kinds = ["core", "fact"]\n\n[size_caps]\n${caps}\n[dedup]\nstrategy = "exact"\n\n[recap_template]\npath = "memory/episodic/<date>.md"\nrequired_sections = ["Provenance"]\n`;
const run = async (files: Record<string, string>) => (await checkDirectory(sourceFromFilePort(memoryFiles(files)))).problems.map((p) => [p.code, p.severity, p.file, p.line]);
const bytes = (s: string) => new TextEncoder().encode(s).length;

// Defect: gardener size caps were parsed and never applied.
describe('gardener size caps are applied to the memory docs, not ignored', () => {
  const small = doc('fact.a', 'fact', 'short\n');
  const big = doc('fact.b', 'fact', 'x'.repeat(500) + '\n');

  it('a doc over max_doc_bytes is an error at the doc; a doc exactly at the cap is clean', async () => {
    const cfg = toml(`max_doc_bytes = ${bytes(small)}\n`);
    expect(await run({ [`${M}/gardener.toml`]: cfg, [`${M}/a.md`]: small, [`${M}/b.md`]: big })).toEqual([['check.gardener-doc-too-large', 'error', `${M}/b.md`, undefined]]);
    expect(await run({ [`${M}/gardener.toml`]: cfg, [`${M}/a.md`]: small })).toEqual([]);
  });

  it('max_total_bytes, max_docs and max_docs_per_kind are errors at the cap’s line in the config', async () => {
    const cfg = toml(`max_total_bytes = ${bytes(small) + bytes(big) - 1}\nmax_docs = 1\n\n[size_caps.max_docs_per_kind]\nfact = 1\ncore = 5\n`);
    const line = (key: string) => cfg.split('\n').findIndex((l) => l.startsWith(key)) + 1;
    expect(await run({ [`${M}/gardener.toml`]: cfg, [`${M}/a.md`]: small, [`${M}/b.md`]: big })).toEqual([
      ['check.gardener-total-too-large', 'error', `${M}/gardener.toml`, line('max_total_bytes')],
      ['check.gardener-too-many-docs', 'error', `${M}/gardener.toml`, line('max_docs =')],
      ['check.gardener-too-many-docs', 'error', `${M}/gardener.toml`, line('fact = 1')],
    ]);
  });

  it('applies a JSON config too, and only to the docs under its own .thunderus/memory', async () => {
    const cfg = JSON.stringify(
      { version: 1, size_caps: { max_doc_bytes: 100 }, allowed_kinds: ['fact'], dedup: { strategy: 'exact' }, recap_template: { path: 'r/<date>.md', required_sections: ['Provenance'] } },
      null,
      2,
    );
    expect(await run({ [`a/${M}/gardener.json`]: cfg, [`a/${M}/b.md`]: big, [`z/${M}/b.md`]: big.replace('fact.b', 'fact.z') })).toEqual([
      ['check.gardener-doc-too-large', 'error', `a/${M}/b.md`, undefined],
    ]);
  });

  it('the CLI exits 1 when the example doc grows past the example cap; the example itself stays clean', async () => {
    const ex = copyExample('agent-memory');
    try {
      expect((await runCli(['check', ex.dir])).code).toBe(0);
      const f = join(ex.dir, M, 'semantic/FACTS/testing.md');
      writeFileSync(f, readFileSync(f, 'utf8') + 'y'.repeat(16384) + '\n');
      const r = await runCli(['check', ex.dir, '--format', 'json']);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).problems.map((p: { code: string; file: string }) => [p.code, p.file])).toEqual([['check.gardener-doc-too-large', `${M}/semantic/FACTS/testing.md`]]);
    } finally {
      ex.done();
    }
  });
});
