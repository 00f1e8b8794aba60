import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CheckSource, checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { error, fail } from '../../src/kernel/problems/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { readmeRows } from './readme-rows.js';
import { isBodyBacked } from '../../src/formats/memory-bank/check.js';
import { jsHasher, sha256Hex } from '../../src/kernel/canonical/index.js';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');

function load(dir: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = join(d, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out[relative(dir, abs).split(sep).join('/')] = new Uint8Array(readFileSync(abs));
    }
  };
  walk(dir);
  return out;
}

const check = (files: Record<string, string | Uint8Array>, maxFileBytes?: number) => checkDirectory(sourceFromFilePort(memoryFiles(files), maxFileBytes), maxFileBytes ? { maxFileBytes } : {});

describe('checkDirectory on the examples', () => {
  it('finds every format of every seed in examples/agent-memory and reports nothing', async () => {
    const report = await check(load(join(EXAMPLES, 'agent-memory')));
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    const formats = new Set(report.checked.map((c) => c.format));
    expect([...formats].sort()).toEqual(
      [
        'active-context',
        'artifacts-manifest',
        'decision-log',
        'events',
        'export-bundle',
        'feedback-log',
        'gardener-config',
        'memory-doc',
        'memory-manifest',
        'product-context',
        'progress',
        'risk-register',
        'system-patterns',
        'thread-store',
        'wbs-task',
        'wbs-task-index',
        'workflow-state',
      ].sort(),
    );
    expect(report.checked.filter((c) => c.format === 'export-bundle')).toHaveLength(2);
  });

  it('reports exactly the problems listed in examples/broken/README.md, at their files and lines', async () => {
    const report = await check(load(join(EXAMPLES, 'broken')));
    const rows = readmeRows();
    expect(rows.length).toBeGreaterThan(20);
    expect(report.problems.map((p) => ({ file: p.file, ...(p.line !== undefined ? { line: p.line } : {}), code: p.code }))).toEqual(rows);
    expect(report.ok).toBe(false);
  });
});

describe('checkDirectory robustness', () => {
  it('reports a binary file and a non-UTF-8 file and still checks the others', async () => {
    const report = await check({
      '.thunderus/memory/a.md': new Uint8Array([0, 1, 2]),
      '.thunderus/memory/b.md': new Uint8Array([0xff, 0xfe, 0x41]),
      'events.jsonl': '{"v":1}\n',
    });
    expect(report.problems.map((p) => [p.file, p.code])).toEqual([
      ['.thunderus/memory/a.md', 'check.binary-file'],
      ['.thunderus/memory/b.md', 'input.invalid-utf8'],
      ...report.problems.filter((p) => p.file === 'events.jsonl').map((p) => ['events.jsonl', p.code]),
    ]);
    expect(report.problems.some((p) => p.file === 'events.jsonl' && p.code === 'schema.required')).toBe(true);
  });

  it('reports files over the size limit without reading them', async () => {
    const report = await check({ 'memory-bank/decisionLog.md': 'x'.repeat(200), 'events.jsonl': '' }, 100);
    expect(report.problems).toEqual([expect.objectContaining({ code: 'check.too-large', file: 'memory-bank/decisionLog.md', severity: 'error' })]);
  });

  it('turns an unreadable file into a problem', async () => {
    const inner = memoryFiles({ 'events.jsonl': '', '.thunderus/memory/x.md': '---\n---\n' });
    const source: CheckSource = {
      ...sourceFromFilePort(inner),
      async read(path) {
        return path.endsWith('.md') ? fail([error('check.unreadable', 'EACCES', { file: path })]) : sourceFromFilePort(inner).read(path);
      },
    };
    const report = await checkDirectory(source);
    expect(report.problems).toEqual([expect.objectContaining({ code: 'check.unreadable', file: '.thunderus/memory/x.md' })]);
  });

  it('sniffs thread stores and export bundles anywhere, and skips JSON that is not memkit', async () => {
    const store = { version: '1.0.0', metadata: { last_updated: '2026-02-08T16:00:00Z', thread_count: 0 }, threads: {}, operations: [], relations: {} };
    const report = await check({
      'deep/dir/store.json': JSON.stringify(store),
      'package.json': '{"name":"x","version":"1.0.0"}',
      'data/other.ndjson': '{"a":1}\n',
      'data/bad.json': '{ not json',
      'data/bundle.ndjson': '{"superagents_export":"1","schema_version":9}\n',
      'bin.json': new Uint8Array([0, 0, 0]),
    });
    expect(report.checked).toEqual([
      { file: 'data/bundle.ndjson', format: 'export-bundle' },
      { file: 'deep/dir/store.json', format: 'thread-store' },
    ]);
    expect(report.problems.every((p) => p.file === 'data/bundle.ndjson')).toBe(true);
    expect(report.problems.length).toBeGreaterThan(0);
  });

  it('reports a thread store that does not parse instead of skipping it', async () => {
    const report = await check({ 's.json': '{"version": "1.0.0", "threads": {}, "operations": [], "relations": {' });
    expect(report.problems).toEqual([expect.objectContaining({ code: 'input.not-json', file: 's.json', line: 1 })]);
  });

  it('never lets hostile input escape as an exception', async () => {
    const report = await check({
      '.thunderus/memory/bomb.md':
        '---\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n---\n',
      '.thunderus/memory/proto.md': '---\n__proto__: {polluted: true}\nid: x\n---\n',
      'events.jsonl': '['.repeat(100000) + '\n',
      '.claude/memory/task-index.json': '{"version":"1.0.0","tasks":[{"id":"1","parent":"1","children":["1"],"dependencies":["1"]}]}',
      'memory-bank/decisionLog.md': '{"__proto__":1}\n{not json}\n',
    });
    expect(report.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(report.problems.some((p) => p.code === 'check.internal')).toBe(false);
  });
});

describe('isBodyBacked (systemPatterns.md backed by decisionLog.md diff hashes)', () => {
  const h = (s: string) => sha256Hex(s);
  const v1 = '# Patterns\n\n- one\n';
  const add = '\n## More\n\n- two\n';
  it('accepts the first version alone, and the first version plus backed appends', () => {
    expect(isBodyBacked(v1, new Set([h(v1)]), jsHasher)).toBe(true);
    expect(isBodyBacked(v1 + add, new Set([h(v1), h(add)]), jsHasher)).toBe(true);
    expect(isBodyBacked(v1 + add, new Set([h(v1 + add)]), jsHasher)).toBe(true);
  });
  it('rejects an unbacked append and an edit of backed text', () => {
    expect(isBodyBacked(v1 + add, new Set([h(v1)]), jsHasher)).toBe(false);
    expect(isBodyBacked(v1.replace('one', 'uno') + add, new Set([h(v1), h(add)]), jsHasher)).toBe(false);
    expect(isBodyBacked(v1, new Set(), jsHasher)).toBe(false);
  });
});
