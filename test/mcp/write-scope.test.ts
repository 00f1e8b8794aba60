// MCP writes walk only what they can change: a write into .thunderus/memory/ of a repository with
// 20,000 unrelated files lists none of them (the walk is counted through the injected checker
// source, not timed), and a scoped walk of memkit/node's source sees exactly what the whole walk
// sees inside the scope, links included.
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ListScope, type SourceListing, inListScope } from '../../src/engine/index.js';
import { nodeCheckSource, nodeFiles } from '../../src/adapters/node/index.js';
import type { FilePort } from '../../src/services/store/index.js';
import { ROOT } from '../cli/helpers.js';
import { call, codes, copyExample, readTree, tempDir } from './helpers.js';
import { connectInProcess, hookedSource } from './write-helpers.js';

const open: { done(): void }[] = [];
afterEach(() => {
  for (const x of open.splice(0)) x.done();
});

describe('an MCP write does not walk the whole repository', () => {
  it('lists none of 20,000 unrelated files for remember, task, thread and append', { timeout: 120_000 }, async () => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    for (let d = 0; d < 200; d++) {
      const dir = join(ex.dir, 'vendor', `pkg${d}`);
      mkdirSync(dir, { recursive: true });
      for (let f = 0; f < 100; f++) writeFileSync(join(dir, `file${f}.js`), 'x');
    }
    const walks: { scope: ListScope | undefined; listing: SourceListing }[] = [];
    const hooks: { onList?: (scope: ListScope | undefined, listing: SourceListing) => void } = {};
    // The file port's listings too (the search index, the manifest, the task files): none of the root.
    const port = nodeFiles(ex.dir, { extensions: null });
    const prefixes: string[] = [];
    const files: FilePort = { ...port, list: (prefix) => (prefixes.push(prefix), port.list(prefix)) };
    if (port.listFingerprints) Object.assign(files, { listFingerprints: (prefix: string) => (prefixes.push(prefix), port.listFingerprints(prefix)) });
    const server = await connectInProcess(ex.dir, hookedSource(ex.dir, hooks), files);
    try {
      prefixes.length = 0;
      hooks.onList = (scope, listing) => walks.push({ scope, listing });
      const writes: [string, Record<string, unknown>][] = [
        ['remember', { id: 'fact.scoped', title: 'Scoped', kind: 'fact', body: '# Scoped\n' }],
        ['task', { id: '1.2.2', status: 'done' }],
        ['thread', { command: 'freeze', params: { thread_id: 'memkit-main' } }],
        ['append', { ledger: 'memory-bank/activeContext.md', entry: { source_agent: 'Backend', source_chunks: [], summary_128: 'scoped walk' } }],
      ];
      for (const [name, args] of writes) {
        const r = await call(server.client, name, args);
        expect(r.isError, `${name}: ${JSON.stringify(r.value).slice(0, 300)}`).toBe(false);
      }
      expect(walks.length).toBeGreaterThanOrEqual(writes.length);
      for (const w of walks) {
        expect(w.scope, 'every walk of a write is scoped').toBeDefined();
        expect(w.listing.files.filter((f) => f.path.startsWith('vendor/'))).toEqual([]);
        expect(w.listing.files.length).toBeLessThan(100);
      }
      expect(prefixes.length).toBeGreaterThan(0);
      expect(prefixes.filter((p) => p === '' || p === '.' || p.startsWith('vendor'))).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('a scoped walk of nodeCheckSource', () => {
  it('lists, inside its scope, what the whole walk lists (files, links, loops, links out)', async () => {
    const t = tempDir();
    const outside = tempDir();
    open.push(t, outside);
    const file = (rel: string) => {
      mkdirSync(join(t.dir, rel, '..'), { recursive: true });
      writeFileSync(join(t.dir, rel), `${rel}\n`);
    };
    file('memkit.config.json');
    file('.thunderus/memory/core/CORE.md');
    file('.thunderus/memory/semantic/a.md');
    file('docs/shared/b.md');
    file('node_modules/pkg/c.md');
    file('vendor/x/d.js');
    writeFileSync(join(outside.dir, 'secret.md'), 'no\n');
    // A link to a directory the tree holds itself (not followed), one into a skipped directory (followed),
    // a file link, a link back to an ancestor (a loop) and links out of the tree.
    symlinkSync(join(t.dir, 'docs/shared'), join(t.dir, '.thunderus/memory/shared'));
    symlinkSync(join(t.dir, 'node_modules/pkg'), join(t.dir, '.thunderus/memory/pkg'));
    symlinkSync(join(t.dir, 'docs/shared/b.md'), join(t.dir, '.thunderus/memory/b-link.md'));
    symlinkSync(join(t.dir, '.thunderus'), join(t.dir, '.thunderus/memory/up'));
    symlinkSync(join(outside.dir, 'secret.md'), join(t.dir, '.thunderus/memory/secret.md'));
    symlinkSync(outside.dir, join(t.dir, '.thunderus/memory/out'));
    const scope: ListScope = ['.thunderus/', 'memkit.config.json'];
    const whole = await nodeCheckSource(t.dir).list();
    const scoped = await nodeCheckSource(t.dir).list(scope);
    const within = (l: SourceListing) => ({
      files: l.files.filter((f) => inListScope(scope, f.path)),
      problems: l.problems.filter((p) => p.file !== undefined && inListScope(scope, p.file)),
    });
    expect(within(scoped)).toEqual(within(whole));
    expect(within(scoped).files.map((f) => f.path)).toEqual([
      '.thunderus/memory/b-link.md',
      '.thunderus/memory/core/CORE.md',
      '.thunderus/memory/pkg/c.md',
      '.thunderus/memory/semantic/a.md',
      'memkit.config.json',
    ]);
    expect(scoped.files.some((f) => f.path.startsWith('vendor/') || f.path.startsWith('docs/'))).toBe(false);
  });
});

describe('the scope of a write at the root', () => {
  it('a ledger of a bank that is the served directory itself is checked with its siblings', async () => {
    const t = tempDir();
    open.push(t);
    cpSync(join(ROOT, 'examples/agent-memory/memory-bank'), t.dir, { recursive: true });
    const server = await connectInProcess(t.dir);
    try {
      const before = readTree(t.dir);
      // A payload hash that does not match its payload: only the bank's check (with the payload file) sees it.
      const entry = { author_agent: 'ProductManager', summary: 'vision v2', payload_hash: 'a'.repeat(64), payload_loc: 'payloads/product-vision.json' };
      const r = await call(server.client, 'append', { ledger: 'productContext.md', entry });
      expect(r.isError, JSON.stringify(r.value).slice(0, 300)).toBe(true);
      expect(codes(r.value)).toContain('ledger.payload-hash-mismatch');
      expect(readTree(t.dir)).toEqual(before);
    } finally {
      await server.close();
    }
  });
});
