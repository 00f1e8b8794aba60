// Output that shows stored text masks secrets, even in files written before detection existed (written here
// straight to disk, past every checked write).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSnippet } from '../../src/services/store/snippet.js';
import { createMemkitMcpServer } from '../../src/surfaces/mcp/index.js';
import { openCore } from '../../src/surfaces/mcp/core.js';
import { nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import { openMemory } from '../../src/index.js';
import { exampleFiles } from '../handle/helpers.js';
import { copyExample } from '../cli/helpers.js';

const TOKEN = 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';
const DOC = `---\nid: fact.deploy-key\ntitle: Deploy key\nkind: fact\ntags:\n  - build\ncreated: 2026-02-20T11:00:00Z\nupdated: 2026-02-21T08:05:00Z\nprovenance:\n  events: []\n  patches: []\nverification:\n  last_verified_commit: null\n  status: unknown\n  api_key: q8Zr2Lx9Vt4Mn7Bk3Wp6\n---\n# Deploy\n\nThe deploy uses ${TOKEN} for the registry.\n`;

const open: { done(): void }[] = [];
afterEach(() => {
  for (const x of open.splice(0)) x.done();
});

describe('masking', () => {
  it('search snippets mask a secret', async () => {
    expect(makeSnippet(`The deploy uses ${TOKEN} for the registry`, new Set(['deploy']))).toBe('The «deploy» uses ghp_**** for the registry');
    const files = exampleFiles();
    await files.write('.thunderus/memory/semantic/FACTS/deploy-key.md', new TextEncoder().encode(DOC));
    const hits = await openMemory({ files }).searchOrThrow('registry deploy');
    expect(hits.length).toBeGreaterThan(0);
    expect(JSON.stringify(hits)).not.toContain(TOKEN);
    expect(hits.find((h) => h.path.endsWith('deploy-key.md'))?.snippet).toContain('ghp_****');
  });

  it('the MCP read, search and history tools mask what the detector flags', async () => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    writeFileSync(join(ex.dir, '.thunderus/memory/semantic/FACTS/deploy-key.md'), DOC);
    const mcp = await createMemkitMcpServer({ files: nodeFiles(ex.dir, { extensions: null }), source: nodeCheckSource(ex.dir), hasher: nodeHasher });
    const read = await mcp.call('read', { path: '.thunderus/memory/semantic/FACTS/deploy-key.md' });
    expect(read.ok).toBe(true);
    const shown = JSON.stringify(read);
    expect(shown).not.toContain(TOKEN);
    expect(shown).not.toContain('q8Zr2Lx9Vt4Mn7Bk3Wp6');
    expect(shown).toContain('ghp_****');
    const search = await mcp.call('search', { query: 'registry' });
    expect(search.ok).toBe(true);
    expect(JSON.stringify(search)).toContain('ghp_****');
    expect(JSON.stringify(search)).not.toContain(TOKEN);
    await mcp.close();
  });

  it('MCP resources mask what the detector flags', async () => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    writeFileSync(join(ex.dir, '.thunderus/memory/semantic/FACTS/deploy-key.md'), DOC);
    const core = await openCore({ files: nodeFiles(ex.dir, { extensions: null }), source: nodeCheckSource(ex.dir), hasher: nodeHasher });
    const doc = await core.readResource('memkit://doc/fact.deploy-key');
    expect(doc.ok).toBe(true);
    const text = doc.ok ? doc.value.text : '';
    expect(text).toContain('ghp_****');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('q8Zr2Lx9Vt4Mn7Bk3Wp6');
    expect(text).toContain('The deploy uses');
  });
});
