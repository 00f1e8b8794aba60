import { describe, expect, it } from 'vitest';
import { classifyPath, classifyPaths, layoutOf } from '../../src/engine/index.js';
import { FORMAT_IDS, FORMATS, formatById, isFormatId, isReadme, rulesOf, schemasOf, sniffFormat } from '../../src/formats/index.js';
import { formatIds as registryIds } from '../../src/schema/index.js';
import { exportV2Formats } from '../../src/formats/export-bundle/records.js';
import { RULES } from '../../src/surfaces/all-codes.js';

describe('classifyPath (the table of formats)', () => {
  it.each([
    ['.thunderus/memory/semantic/FACTS/testing.md', 'memory-doc'],
    ['.thunderus/memory/CORE.md', 'memory-doc'],
    ['repo/.thunderus/memory/episodic/2026-02-20.md', 'memory-doc'],
    ['.thunderus/memory/indexes/manifest.json', 'memory-manifest'],
    ['.thunderus/memory/gardener.toml', 'gardener-config'],
    ['.thunderus/memory/gardener.json', 'gardener-config'],
    ['events.jsonl', 'events'],
    ['a/b/events.jsonl', 'events'],
    ['memory-bank/systemPatterns.md', 'system-patterns'],
    ['memory-bank/decisionLog.md', 'decision-log'],
    ['a/memory-bank/feedback-log.md', 'feedback-log'],
    ['memory-bank/workflow-state.json', 'workflow-state'],
    ['memory-bank/artifacts-manifest.json', 'artifacts-manifest'],
    ['memory-bank/progress.md', 'progress'],
    ['.thunderus/memory/memory-bank/progress.md', 'progress'],
    ['.claude/memory/task-index.json', 'wbs-task-index'],
    ['.claude/memory/tasks/1.2.json', 'wbs-task'],
  ])('%s is %s', (path, format) => {
    expect(classifyPath(path)).toEqual({ format });
  });

  it('sniffs other JSON and NDJSON by content, and ignores everything else', () => {
    // Any *.json may be a thread store or (named any way) an export bundle: its content decides.
    expect(classifyPath('threads/store.json')).toEqual({ sniff: ['thread-store', 'export-bundle'] });
    expect(classifyPath('exports/a.ndjson')).toEqual({ sniff: ['export-bundle'] });
    expect(classifyPath('logs/a.jsonl')).toEqual({ sniff: ['export-bundle'] });
    expect(classifyPath('README.md')).toBeUndefined();
    expect(classifyPath('.claude/memory/tasks/nested/1.json')).toEqual({ sniff: ['thread-store', 'export-bundle'] });
    expect(classifyPath('exports/backup.txt')).toEqual({ sniff: ['export-bundle'] });
  });

  it('a memory bank is a directory, not a file name: a lone progress.md or decisionLog.md elsewhere is not memory', () => {
    // Outside a bank, a bank file name is only a candidate: its text decides.
    expect(classifyPath('docs/progress.md')).toEqual({ sniff: ['progress'] });
    expect(classifyPath('progress.md')).toEqual({ sniff: ['progress'] });
    expect(classifyPath('docs/decisionLog.md')).toEqual({ sniff: ['decision-log'] });
    expect(classifyPath('docs/workflow-state.json')).toEqual({ sniff: ['workflow-state', 'thread-store', 'export-bundle'] });
    expect(classifyPath('.thunderus/memory/workflow-state.json')).toEqual({ sniff: ['thread-store', 'export-bundle'] });
    const listing = ['docs/progress.md', 'docs/README.md', 'bank/decisionLog.md', 'bank/progress.md', 'prose/projectbrief.md', 'prose/activeContext.md'];
    const classes = classifyPaths(listing);
    expect(classes.get('docs/progress.md')).toEqual({ sniff: ['progress'] });
    expect(classes.get('docs/README.md')).toBeUndefined();
    expect(classes.get('bank/decisionLog.md')).toEqual({ format: 'decision-log' });
    expect(classes.get('bank/progress.md')).toEqual({ format: 'progress' });
    expect(classes.get('prose/activeContext.md')).toEqual({ format: 'active-context' });
    expect(layoutOf(listing).isBankDir('docs')).toBe(false);
    expect(layoutOf(['x/memory-bank/a.md']).isBankDir('x/memory-bank')).toBe(true);
    // Memory docs have their own directory: bank names there are memory docs unless in a named bank.
    expect(classifyPaths(['.thunderus/memory/progress.md', '.thunderus/memory/decisionLog.md']).get('.thunderus/memory/progress.md')).toEqual({ format: 'memory-doc' });
  });

  it('a human README is never a memory file', () => {
    for (const p of ['.thunderus/memory/README.md', '.thunderus/memory/core/readme.md', 'memory-bank/README.md', '.claude/memory/README.md'])
      expect(classifyPaths([p, 'memory-bank/decisionLog.md']).get(p)).toBeUndefined();
    expect(isReadme('a/README')).toBe(true);
    expect(isReadme('a/READMEs.md')).toBe(false);
  });
});

describe('the table of formats', () => {
  it('has one module per format id, each under its own id', () => {
    expect(FORMATS.map((f) => f.id).sort()).toEqual([...FORMAT_IDS].sort());
    for (const id of FORMAT_IDS) expect(formatById(id).id).toBe(id);
  });

  it('names only schema ids the registry (or exchange, for v2 records) knows', () => {
    const known = new Set<string>([...registryIds, ...exportV2Formats.map((f) => f.id)]);
    for (const f of FORMATS) for (const s of f.schemaIds) expect(known.has(s), `${f.id}: ${s}`).toBe(true);
    for (const f of FORMATS) expect(schemasOf(f.id).map((x) => x.id)).toEqual(f.schemaIds);
  });

  it('location matchers never claim the same path twice (no order dependence)', () => {
    const paths = [
      '.thunderus/memory/indexes/manifest.json',
      '.thunderus/memory/gardener.json',
      '.thunderus/memory/events.jsonl',
      '.thunderus/memory/memory-bank/decisionLog.md',
      '.thunderus/memory/a.md',
      'memory-bank/events.jsonl',
      '.claude/memory/task-index.json',
      '.claude/memory/tasks/1.json',
      'memory-bank/progress.md',
    ];
    const layout = layoutOf(paths);
    for (const p of paths) {
      const owners = FORMATS.filter((f) => f.matches(p, layout)).map((f) => f.id);
      expect(owners.length, `${p}: ${owners.join(', ')}`).toBe(1);
    }
  });

  it('a format that declares its file names claims no other name (the name index is safe)', () => {
    const paths = [
      'a/events.jsonl',
      'a/x.jsonl',
      'memory-bank/notes.md',
      'memory-bank/decisionLog.md',
      'docs/progress.md',
      '.thunderus/memory/indexes/manifest.json',
      '.thunderus/memory/indexes/other.json',
      '.claude/memory/task-index.json',
      '.claude/memory/tasks/1.json',
      'x/workflow-state.json',
      'x/other.json',
      '.thunderus/memory/gardener.toml',
    ];
    const layout = layoutOf(paths);
    for (const f of FORMATS.filter((m) => m.names !== undefined))
      for (const p of paths) if (f.matches(p, layout) || f.mayHold?.(p, layout)) expect(f.names, `${f.id} claims ${p}`).toContain(p.slice(p.lastIndexOf('/') + 1));
  });

  it('sniffs thread stores and export bundles by content', () => {
    expect(sniffFormat(['thread-store'], '{"version":"1.0","threads":{},"operations":[],"relations":{}}')).toBe('thread-store');
    expect(sniffFormat(['thread-store'], '{"version":"1.0"}')).toBeUndefined();
    expect(sniffFormat(['export-bundle'], '{"superagents_export":"x"}\n{}\n')).toBe('export-bundle');
  });

  it('sniffs a lone bank file by its shape: ledger lines, a header, a progress table, JSON keys', () => {
    expect(sniffFormat(['decision-log'], '# Decisions\n\n{"id":"DEC-20260101-001","ts":"2026-01-01T00:00:00Z","predecessor_hash":"00"}\n')).toBe('decision-log');
    expect(sniffFormat(['decision-log'], '# Decisions\n\nWe chose SQLite because it is small.\n')).toBeUndefined();
    expect(sniffFormat(['progress'], '| task_id | status | agent |\n|---|---|---|\n| T1 | DONE | a |\n')).toBe('progress');
    expect(sniffFormat(['progress'], '# Progress\n\n- shipped search\n')).toBeUndefined();
    expect(sniffFormat(['system-patterns'], '---\nversion: 1.0.0\nhash: abc\n---\nbody\n')).toBe('system-patterns');
    expect(sniffFormat(['system-patterns'], '---\ntitle: patterns\n---\nbody\n')).toBeUndefined();
    expect(sniffFormat(['feedback-log'], '## 2026-01-01\nfrom_agent: A\nto_agent: B\n')).toBe('feedback-log');
    expect(sniffFormat(['workflow-state', 'thread-store'], '{"session_id":"S","phases":{}}')).toBe('workflow-state');
    expect(sniffFormat(['workflow-state', 'thread-store'], '{"name":"pkg"}')).toBeUndefined();
    expect(sniffFormat(['artifacts-manifest'], '{"session_id":"S","artifacts":[]}')).toBe('artifacts-manifest');
  });

  it('parses through its parser binding, keeping positions', () => {
    const r = formatById('memory-manifest').parser.parse('{\n  "a": 1,\n  "a": 2\n}', { file: 'm.json' }) as { ok: boolean; problems?: { file?: string; line?: number }[] };
    expect(r.ok).toBe(false);
    expect(r.problems?.[0]).toMatchObject({ file: 'm.json', line: 3 });
    const toml = formatById('gardener-config').parser.parse('a = [\n', { file: 'g.toml' }) as { ok: boolean; problems?: { code: string; file?: string }[] };
    expect(toml.ok).toBe(false);
    expect(toml.problems?.[0]).toMatchObject({ code: 'check.toml-syntax', file: 'g.toml' });
    expect(formatById('gardener-config').parser.parse('version = 1\n', { file: 'g.toml' })).toMatchObject({ ok: true, value: { version: 1 } });
  });

  it('lists the rule codes whose format names it', () => {
    const table: [string, { format?: string | readonly string[] }][] = [
      ['a.one', { format: 'decision-log' }],
      ['a.two', { format: ['progress', 'decision-log'] }],
      ['a.three', {}],
    ];
    expect(rulesOf('decision-log', table)).toEqual(['a.one', 'a.two']);
    expect(rulesOf('events', table)).toEqual([]);
  });

  it('the rule table names formats only by their ids, and rulesOf reads it', () => {
    const named = [...RULES.values()].flatMap((r) => (r.format === undefined ? [] : typeof r.format === 'string' ? [r.format] : [...r.format]).map((f) => ({ code: r.code, f })));
    expect(named.filter(({ f }) => !isFormatId(f))).toEqual([]);
    for (const { code, f } of named) if (isFormatId(f)) expect(rulesOf(f, RULES)).toContain(code);
  });
});
