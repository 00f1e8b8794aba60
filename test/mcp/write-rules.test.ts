// Writes keep the rules `check` applies, and never make a file the other surfaces cannot see:
// remember refuses a path that is not a memory doc's (a README in any case, a bank file, a .MD),
// the gardener's caps refuse an oversized doc, the task tool refuses self-dependencies and cycles
// (the checker's own detection), clears completedAt when a task is reopened and returns the
// warnings a write adds; arguments no file can keep as given (a lone surrogate, a __proto__ key)
// are refused over stdio, not replaced or dropped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, call, codes, copyExample, httpClient, readTree, stdioClient } from './helpers.js';
import { connectInProcess } from './write-helpers.js';

const open: { done(): void }[] = [];
afterEach(() => {
  for (const x of open.splice(0)) x.done();
});

async function served() {
  const ex = copyExample('agent-memory');
  open.push(ex);
  const server = await connectInProcess(ex.dir);
  return { dir: ex.dir, client: server.client, close: server.close };
}

describe('remember writes only where check, manifest, search and read see a memory doc', () => {
  const paths = [
    '.thunderus/memory/ReadMe.md',
    '.thunderus/memory/README.md',
    '.thunderus/memory/readme.md',
    '.thunderus/memory/core/Readme.md',
    '.thunderus/memory/notes.MD',
    '.thunderus/memory/memory-bank/progress.md',
    '.thunderus/Memory/notes.md',
    '.thunderus/notes.md',
  ];
  for (const path of paths)
    it(`refuses ${path} and changes nothing`, async () => {
      const s = await served();
      try {
        const before = readTree(s.dir);
        const r = await call(s.client, 'remember', { id: 'core.readme', title: 'Readme', kind: 'core', path, body: 'x'.repeat(20_000) });
        expect(r.isError).toBe(true);
        expect(codes(r.value)).toEqual(['memory.bad-path']);
        expect(readTree(s.dir)).toEqual(before);
      } finally {
        await s.close();
      }
    });

  it("refuses a 20 KB doc where the gardener's caps apply, as check would", async () => {
    const s = await served();
    try {
      const before = readTree(s.dir);
      const r = await call(s.client, 'remember', { id: 'fact.big', title: 'Big', kind: 'fact', body: `# Big\n\n${'word '.repeat(4000)}\n` });
      expect(r.isError).toBe(true);
      expect(codes(r.value)[0]).toBe('memory.would-not-check-clean');
      expect(codes(r.value)).toContain('check.gardener-doc-too-large');
      expect(readTree(s.dir)).toEqual(before);
    } finally {
      await s.close();
    }
  });

  it('a doc it writes is one check, search and read all see', async () => {
    const s = await served();
    try {
      const r = await call(s.client, 'remember', { id: 'fact.seen', title: 'Seen everywhere', kind: 'fact', body: '# Seen everywhere\n\nzanzibar\n' });
      expect(r.isError, JSON.stringify(r.value)).toBe(false);
      const path = r.value.changed[0].path as string;
      const checked = await call(s.client, 'check');
      expect(checked.value.checked).toContainEqual({ file: path, format: 'memory-doc' });
      expect((await call(s.client, 'search', { query: 'zanzibar' })).value.hits.map((h: { id: string }) => h.id)).toEqual(['fact.seen']);
      expect((await call(s.client, 'read', { id: 'fact.seen' })).value.path).toBe(path);
      expect(readFileSync(join(s.dir, '.thunderus/memory/indexes/manifest.json'), 'utf8')).toContain(path.slice('.thunderus/memory/'.length));
    } finally {
      await s.close();
    }
  });
});

describe('the task tool keeps the WBS rules', () => {
  it('refuses a self-dependency and changes nothing', async () => {
    const s = await served();
    try {
      const before = readTree(s.dir);
      const r = await call(s.client, 'task', { id: '1.2.2', dependencies: ['1.2.1', '1.2.2'] });
      expect(r.isError).toBe(true);
      expect(codes(r.value)).toEqual(['memory.dependency-cycle', 'wbs.dependency-self']);
      expect(readTree(s.dir)).toEqual(before);
    } finally {
      await s.close();
    }
  });

  it('refuses a dependency that closes a cycle, and a new task that closes one', async () => {
    const s = await served();
    try {
      const before = readTree(s.dir);
      // 1.1.2 depends on 1.1.1 already.
      const r = await call(s.client, 'task', { id: '1.1.1', dependencies: ['1.1.2'] });
      expect(codes(r.value)).toEqual(['memory.dependency-cycle', 'wbs.dependency-cycle']);
      // 1.2.2 depends on 1.2.1; a new 1.2.3 between them both ways: 1.2.1 → 1.2.3 does not exist yet.
      await call(s.client, 'task', { id: '1.2.3', title: 'Third', dependencies: ['1.2.2'] }).then((x) => expect(x.isError, JSON.stringify(x.value)).toBe(false));
      const mid = readTree(s.dir);
      const closing = await call(s.client, 'task', { id: '1.2.1', dependencies: ['1.2.3'] });
      expect(codes(closing.value)).toEqual(['memory.dependency-cycle', 'wbs.dependency-cycle']);
      expect(closing.value.problems[1].message).toContain('1.2.1');
      expect(readTree(s.dir)).toEqual(mid);
      expect(before).not.toEqual(mid);
    } finally {
      await s.close();
    }
  });

  it('checkDeliverables records whether the deliverables exist, as memkit task --deliverables-exist does', async () => {
    const s = await served();
    try {
      const r = await call(s.client, 'task', { id: '1.2.1', checkDeliverables: true });
      expect(r.isError, JSON.stringify(r.value)).toBe(false);
      expect((r.value as { warnings: { code: string }[] }).warnings.map((w) => w.code)).toContain('wbs.deliverable-missing');
      const entity = JSON.parse(readFileSync(join(s.dir, '.claude/memory/tasks/1.2.1.json'), 'utf8'));
      expect(entity.validationResults.deliverablesExist).toBe(false);
    } finally {
      await s.close();
    }
  });

  it('clears completedAt when a done task is reopened (and on the parents the roll-up reopens)', async () => {
    const s = await served();
    try {
      const r = await call(s.client, 'task', { id: '1.1.1', status: 'in-progress' });
      expect(r.isError, JSON.stringify(r.value)).toBe(false);
      const entity = (id: string) => JSON.parse(readFileSync(join(s.dir, `.claude/memory/tasks/${id}.json`), 'utf8'));
      expect(entity('1.1.1').status).toBe('in-progress');
      expect(entity('1.1.1')).not.toHaveProperty('completedAt');
      expect(entity('1.1').status).toBe('in-progress');
      expect(entity('1.1')).not.toHaveProperty('completedAt');
      const checked = await call(s.client, 'check');
      expect(codes(checked.value).filter((c) => c === 'wbs.completed-not-done')).toEqual([]);
      // Done again: a new completion time.
      await call(s.client, 'task', { id: '1.1.1', status: 'done' });
      expect(entity('1.1.1').completedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    } finally {
      await s.close();
    }
  });

  it("returns the checker's warnings the write adds", async () => {
    const s = await served();
    try {
      const r = await call(s.client, 'task', { id: '1.2.2', dependencies: ['1.2.1', '1.2.1'] });
      expect(r.isError, JSON.stringify(r.value)).toBe(false);
      expect((r.value.warnings ?? []).map((p: { code: string }) => p.code)).toContain('wbs.dependency-duplicate');
    } finally {
      await s.close();
    }
  });
});

describe('arguments no memory file can keep as given are refused over stdio', () => {
  let ex: { dir: string; done(): void };
  let c: Connected;
  beforeAll(async () => {
    ex = copyExample('agent-memory');
    c = await stdioClient(ex.dir, ['--write']);
  }, 60_000);
  afterAll(async () => {
    await c.close();
    ex.done();
  });

  const refused = async (name: string, args: Record<string, unknown>, code: string, pointer: string) => {
    const before = readTree(ex.dir);
    const r = await call(c.client, name, args);
    expect(r.isError, JSON.stringify(r.value).slice(0, 300)).toBe(true);
    expect(codes(r.value)).toEqual(['mcp.invalid-arguments', code]);
    expect(r.value.problems[1].pointer).toBe(pointer);
    expect(readTree(ex.dir)).toEqual(before);
  };

  it('a lone surrogate in a remember body, title or tag', async () => {
    await refused('remember', { id: 'fact.sur', title: 'Sur', kind: 'fact', body: 'lone \ud800 here\n' }, 'json.lone-surrogate', '/body');
    await refused('remember', { id: 'fact.sur', title: 'S\udc00', kind: 'fact' }, 'json.lone-surrogate', '/title');
    await refused('remember', { id: 'fact.sur', title: 'Sur', kind: 'fact', tags: ['ok', 'x\ud83d'] }, 'json.lone-surrogate', '/tags/1');
  });

  it('a __proto__ or constructor key in an append entry', async () => {
    const entry = JSON.parse('{"source_agent":"Backend","source_chunks":[],"summary_128":"x","__proto__":{"polluted":true}}');
    await refused('append', { ledger: 'memory-bank/activeContext.md', entry }, 'json.uncovered-key', '/entry/__proto__');
    const nested = JSON.parse('{"source_agent":"Backend","source_chunks":[{"constructor":1}],"summary_128":"x"}');
    await refused('append', { ledger: 'memory-bank/activeContext.md', entry: nested }, 'json.uncovered-key', '/entry/source_chunks/0/constructor');
  });

  it('a whole character (a surrogate pair) is kept', async () => {
    const r = await call(c.client, 'remember', { id: 'fact.pair', title: 'Pair', kind: 'fact', body: '# Pair\n\n\ud83d\ude00\n' });
    expect(r.isError, JSON.stringify(r.value)).toBe(false);
    expect(readFileSync(join(ex.dir, r.value.changed[0].path), 'utf8')).toContain('😀');
  });
});

describe('the same refusals over HTTP', () => {
  it('a README path and a __proto__ key', { timeout: 60_000 }, async () => {
    const ex = copyExample('agent-memory');
    const c = await httpClient(ex.dir, ['--write']);
    try {
      const before = readTree(ex.dir);
      const readme = await call(c.client, 'remember', { id: 'core.readme', title: 'Readme', kind: 'core', path: '.thunderus/memory/ReadMe.md', body: 'x\n' });
      expect(codes(readme.value)).toEqual(['memory.bad-path']);
      const entry = JSON.parse('{"source_agent":"Backend","source_chunks":[],"summary_128":"x","__proto__":{}}');
      const proto = await call(c.client, 'append', { ledger: 'memory-bank/activeContext.md', entry });
      expect(codes(proto.value)).toEqual(['mcp.invalid-arguments', 'json.uncovered-key']);
      expect(readTree(ex.dir)).toEqual(before);
    } finally {
      await c.close();
      ex.done();
    }
  });
});
