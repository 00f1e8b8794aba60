// What `memkit check` finds by content: a thread store that lost a required root field is still
// one to report on, a bundle is found whatever its file is called, and JSON that only shares a
// word with a format is left alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';

const ROOT = join(import.meta.dirname, '..', '..');
const bundle = readFileSync(join(ROOT, 'test/fixtures/exchange/v1/adr-minimal.ndjson'), 'utf8');

async function check(files: Record<string, string>) {
  const report = await checkDirectory(sourceFromFilePort(memoryFiles(files)), { config: null });
  return { checked: report.checked.map((c) => [c.file, c.format]), codes: report.problems.map((p) => [p.file, p.code, p.severity]) };
}

const store = { version: '1.0', metadata: { last_updated: '2026-02-08T16:00:00Z', thread_count: 0 }, threads: {}, operations: [], relations: {} };
const without = (...keys: string[]) => JSON.stringify(Object.fromEntries(Object.entries(store).filter(([k]) => !keys.includes(k))), null, 2);

describe('discovery by content', () => {
  it('a thread store missing operations and relations is checked, and each missing root field is an error', async () => {
    const r = await check({ 'threads/store.json': without('operations', 'relations') });
    expect(r.checked).toEqual([['threads/store.json', 'thread-store']]);
    const required = r.codes.filter(([, code]) => code === 'schema.required');
    expect(required.length).toBeGreaterThanOrEqual(2);
    for (const [, , severity] of required) expect(severity).toBe('error');
  });

  it('a thread store with only threads and metadata is checked; a store that lost threads but keeps three root fields too', async () => {
    expect((await check({ 's.json': without('version', 'operations', 'relations') })).checked).toEqual([['s.json', 'thread-store']]);
    expect((await check({ 's.json': without('threads', 'relations') })).checked).toEqual([['s.json', 'thread-store']]);
  });

  it('a complete thread store checks clean', async () => {
    const r = await check({ 's.json': JSON.stringify(store) });
    expect(r.checked).toEqual([['s.json', 'thread-store']]);
    expect(r.codes.filter(([, , s]) => s === 'error')).toEqual([]);
  });

  it('JSON that only shares a word with a thread store is not one', async () => {
    for (const text of ['{"version": 2, "threads": 8}', '{"name": "x", "version": "1.0.0", "metadata": {}}', '{"threads": [1, 2], "version": "1"}'])
      expect((await check({ 'pool.json': text })).checked, text).toEqual([]);
  });

  it('an export bundle is found under any JSON or text name (the version lives in the file, not its name)', async () => {
    for (const name of ['backup.json', 'backup.ndjson', 'backup.jsonl', 'backup.txt', 'BACKUP.JSON']) {
      const r = await check({ [`exports/${name}`]: bundle });
      expect(r.checked, name).toEqual([[`exports/${name}`, 'export-bundle']]);
    }
    // Text that does not open with a bundle manifest is no bundle.
    expect((await check({ 'notes.txt': 'superagents_export is mentioned here\n' })).checked).toEqual([]);
  });
});

describe('the files the memory-doc format applies to', () => {
  it('a Markdown file without frontmatter outside CORE.md, FACTS/, ADR-*, PLAYBOOKS/ and recaps is plain Markdown: a warning, no error', async () => {
    for (const path of ['.thunderus/memory/TODO.md', '.thunderus/memory/templates/recap.md', '.thunderus/memory/semantic/notes.md']) {
      const r = await check({ [path]: '# Notes\n\nplain text\n' });
      expect(r.codes, path).toEqual([[path, 'memory-doc.unlisted-markdown', 'warning']]);
    }
  });

  it('a listed file without frontmatter is still frontmatter.missing, an error', async () => {
    for (const path of [
      '.thunderus/memory/core/CORE.md',
      '.thunderus/memory/semantic/FACTS/a.md',
      '.thunderus/memory/semantic/ADR-0001-x.md',
      '.thunderus/memory/procedural/PLAYBOOKS/p.md',
      '.thunderus/memory/episodic/2026-02-20.md',
    ]) {
      const r = await check({ [path]: '# Notes\n' });
      expect(r.codes, path).toEqual([[path, 'frontmatter.missing', 'error']]);
    }
  });
});
