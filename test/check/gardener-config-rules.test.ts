// Defect: a gardener config in plain keys (`recap_template` as a path, `dedup_strategy`,
// `required_sections = ["provenance"]`) got schema errors, though the seed names its rules
// without fixing their shape; and of what a config says only the size caps were applied:
// `allowed_kinds`, the dedup strategy and the recap template's sections were read and ignored.
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { validate } from '../../src/schema/index.js';

const M = '.thunderus/memory';
const doc = (id: string, kind: string, body: string, title = id) =>
  `---\nid: ${id}\ntitle: ${title}\nkind: ${kind}\ntags: []\ncreated: 2026-02-20T00:00:00Z\nupdated: 2026-02-20T00:00:00Z\nprovenance:\n  events: []\n  patches: []\nverification:\n  last_verified_commit: null\n  status: unknown\n---\n${body}`;
const plain = (lines: Record<string, string> = {}) => {
  const keys = { allowed_kinds: '["fact", "recap"]', dedup_strategy: '"exact"', recap_template: '"memory/episodic/<date>.md"', required_sections: '["provenance"]', ...lines };
  return `${Object.entries(keys)
    .map(([k, v]) => `${k} = ${v}`)
    .join('\n')}\n\n[size_caps]\nmax_doc_bytes = 65536\n`;
};
const run = async (files: Record<string, string>, profile: 'spec' | 'strict' = 'spec') =>
  (await checkDirectory(sourceFromFilePort(memoryFiles(files)), { profile, config: null })).problems.map((p) => [p.code, p.severity, p.file, p.line]);
const facts = (a: string, b: string, titles: [string, string] = ['A', 'B']) => ({
  [`${M}/semantic/FACTS/a.md`]: doc('fact.a', 'fact', a, titles[0]),
  [`${M}/semantic/FACTS/b.md`]: doc('fact.b', 'fact', b, titles[1]),
});

describe('a gardener config in plain keys is valid, and all it says is applied', () => {
  it('the plain keys check clean under both profiles (they were two errors and two warnings)', async () => {
    for (const profile of ['spec', 'strict'] as const) expect(await run({ [`${M}/gardener.toml`]: plain() }, profile)).toEqual([]);
    const value = { size_caps: {}, allowed_kinds: ['fact'], dedup_strategy: 'exact', recap_template: 'memory/episodic/<date>.md', required_sections: ['provenance'] };
    expect(validate('gardener-config', value)).toEqual([]);
    expect(validate('gardener-config', { ...value, dedup_strategy: undefined }).map((p) => [p.code, p.pointer])).toEqual([['schema.required', '/dedup']]);
    expect(validate('gardener-config', { ...value, required_sections: ['Summary'] }).map((p) => [p.code, p.pointer])).toEqual([['schema.contains', '/required_sections']]);
    expect(validate('gardener-config', { ...value, recap_template: '' }).map((p) => [p.code, p.pointer])).toEqual([['schema.min-length', '/recap_template']]);
    expect(validate('gardener-config', { ...value, dedup_strategy: 'fuzzy' }).map((p) => [p.code, p.pointer])).toEqual([['convention.gardener-config', '/dedup_strategy']]);
  });

  it('allowed_kinds: a doc of another kind is an error at its kind line; a list the schema rejects is not applied', async () => {
    const files = { [`${M}/semantic/FACTS/a.md`]: doc('fact.a', 'fact', '# A\n'), [`${M}/semantic/ADR-1.md`]: doc('adr.1', 'adr', '# ADR\n') };
    expect(await run({ ...files, [`${M}/gardener.toml`]: plain() })).toEqual([['check.gardener-kind-not-allowed', 'error', `${M}/semantic/ADR-1.md`, 4]]);
    expect(await run({ ...files, [`${M}/gardener.toml`]: plain({ allowed_kinds: '["fact", "adr"]' }) })).toEqual([]);
    const unknownKind = await run({ ...files, [`${M}/gardener.toml`]: plain({ allowed_kinds: '["fact", "memo"]' }) });
    expect(unknownKind.map((p) => p[0])).toEqual(['schema.enum']);
  });

  it('dedup strategy: exact, normalized-text and same-title duplicates are errors at the later doc; none and other bodies are clean', async () => {
    const body = '# A\n\nRun the tests.\n';
    const at = (line: number) => [['check.gardener-duplicate-doc', 'error', `${M}/semantic/FACTS/b.md`, line]];
    expect(await run({ ...facts(body, body), [`${M}/gardener.toml`]: plain() })).toEqual(at(15));
    expect(await run({ ...facts(body, '# a\n\nRun  the tests.\n'), [`${M}/gardener.toml`]: plain() })).toEqual([]);
    expect(await run({ ...facts(body, '# a\n\nRun  the tests.\n'), [`${M}/gardener.toml`]: plain({ dedup_strategy: '"normalized-text"' }) })).toEqual(at(15));
    expect(await run({ ...facts('# A\n', '# B\n', ['Testing', ' testing ']), [`${M}/gardener.json`]: JSON.stringify({ ...JSON_CONFIG, dedup: { strategy: 'same-title' } }) })).toEqual(at(3));
    expect(await run({ ...facts(body, body), [`${M}/gardener.json`]: JSON.stringify({ ...JSON_CONFIG, dedup: { strategy: 'none' } }) })).toEqual([]);
    // Two docs with one id are check.duplicate-doc-id whatever the strategy.
    const sameId = { [`${M}/semantic/FACTS/a.md`]: doc('fact.a', 'fact', '# A\n'), [`${M}/semantic/FACTS/b.md`]: doc('fact.a', 'fact', '# B\n') };
    expect((await run({ ...sameId, [`${M}/gardener.toml`]: plain() })).map((p) => p[0])).toEqual(['check.duplicate-doc-id']);
  });

  it('recap template: a recap without a required section is an error; headings match in any case; Provenance stays check.recap-provenance', async () => {
    const recap = (body: string) => ({ [`${M}/episodic/2026-02-20.md`]: doc('recap.2026-02-20', 'recap', body) });
    const config = { [`${M}/gardener.toml`]: plain({ required_sections: '["provenance", "Summary", "Decisions"]' }) };
    expect(await run({ ...config, ...recap('# Recap\n\n## summary\n\n## Provenance\n') })).toEqual([['check.gardener-recap-section-missing', 'error', `${M}/episodic/2026-02-20.md`, 15]]);
    expect(await run({ ...config, ...recap('# Recap\n\n## Summary\n\n### DECISIONS\n\n## Provenance\n') })).toEqual([]);
    expect((await run({ ...config, ...recap('# Recap\n\n## Summary\n\n## Decisions\n') })).map((p) => p[0])).toEqual(['check.recap-provenance']);
    // memkit's object form says the same.
    const object = { [`${M}/gardener.json`]: JSON.stringify({ ...JSON_CONFIG, recap_template: { path: 'memory/episodic/<date>.md', required_sections: ['Summary', 'Provenance'] } }) };
    expect((await run({ ...object, ...recap('# Recap\n\n## Provenance\n') })).map((p) => p[0])).toEqual(['check.gardener-recap-section-missing']);
  });
});

const JSON_CONFIG = {
  version: 1,
  size_caps: {},
  allowed_kinds: ['fact', 'recap'],
  dedup: { strategy: 'exact' },
  recap_template: { path: 'memory/episodic/<date>.md', required_sections: ['Provenance'] },
};
