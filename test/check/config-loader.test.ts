// One config loader behind every surface: misspelt memory-bank file names under memoryBank.writers are
// refused with the name meant, a bad config stops checkDirectory (only its problems, nothing checked),
// and the library's MCP server refuses to start on one, and refuses every write when the config turns
// bad while it runs, instead of falling back to the default rosters.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES, configFromRead, loadConfig, parseConfig } from '../../src/engine/config.js';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import type { LedgerFormatId } from '../../src/services/ledger/index.js';
import { createMemkitMcpServer } from '../../src/surfaces/mcp/index.js';
import { appendEntry, nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import { MemkitError, ok } from '../../src/kernel/problems/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { copyExample, readTree } from '../cli/helpers.js';

const open: { done(): void }[] = [];
afterEach(() => {
  for (const x of open.splice(0)) x.done();
});

const problemsOf = (r: { ok: boolean; problems?: readonly { code: string }[] }) => (r.ok ? [] : (r.problems ?? []).map((p) => p.code));

describe('memoryBank.writers names memory-bank files only', () => {
  it('refuses "decisionlog.md" (a case slip) and names decisionLog.md, with the line of the key', () => {
    const r = parseConfig('{\n  "memoryBank": {\n    "writers": {\n      "decisionlog.md": ["Lead"]\n    }\n  }\n}\n');
    expect(r.ok).toBe(false);
    const p = r.ok ? undefined : r.problems[0];
    expect([p?.code, p?.line, p?.pointer]).toEqual(['config.unknown-bank-file', 4, '/memoryBank/writers/decisionlog.md']);
    expect(p?.message).toContain('"decisionLog.md"');
  });

  it('names the file meant for a typo, and lists the files for a name like none of them', () => {
    const typo = parseConfig('{"memoryBank":{"writers":{"riskRegistr.md":["A"]}}}');
    expect(typo.ok ? '' : typo.problems[0]!.message).toContain('"riskRegister.md"');
    const other = parseConfig('{"memoryBank":{"writers":{"notes.txt":["A"]}}}');
    expect(problemsOf(other)).toEqual(['config.unknown-bank-file']);
    expect(other.ok ? '' : other.problems[0]!.message).toContain('systemPatterns.md');
  });

  it('refuses every unknown name, "__proto__" and a key with "/" included, and accepts each bank file', () => {
    const r = parseConfig('{"memoryBank":{"writers":{"__proto__":["A"],"memory-bank/progress.md":["B"],"progress.md":["C"]}}}');
    expect(r.ok ? [] : r.problems.map((p) => p.pointer)).toEqual(['/memoryBank/writers/__proto__', '/memoryBank/writers/memory-bank~1progress.md']);
    for (const name of [
      'systemPatterns.md',
      'productContext.md',
      'activeContext.md',
      'decisionLog.md',
      'progress.md',
      'riskRegister.md',
      'workflow-state.json',
      'artifacts-manifest.json',
      'feedback-log.md',
    ])
      expect(parseConfig(JSON.stringify({ memoryBank: { writers: { [name]: ['A'] } } })).ok, name).toBe(true);
  });
});

describe('configFromRead: the one loader', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it('no file is no config; a trailing comma, bad UTF-8 and a file over 1 MiB are problems naming the file', () => {
    expect(configFromRead(ok(undefined))).toEqual({ ok: true, value: null });
    expect(problemsOf(configFromRead(ok(bytes('{"profile":"strict",}')), 'x.json'))).toEqual(['input.not-json']);
    expect(problemsOf(configFromRead(ok(new Uint8Array([0x7b, 0xff, 0x7d]))))).toEqual(['input.invalid-utf8']);
    const big = configFromRead(ok(new Uint8Array(MAX_CONFIG_BYTES + 1).fill(0x20)), 'big.json');
    expect([problemsOf(big), big.ok ? '' : big.problems[0]!.file]).toEqual([['input.too-large'], 'big.json']);
    // The cap is 1 MiB, as docs/cli.md says.
    expect(MAX_CONFIG_BYTES).toBe(1024 * 1024);
  });

  it('loadConfig tells a missing file from an unreadable one only through the probe', async () => {
    const source = sourceFromFilePort(memoryFiles({}));
    expect(await loadConfig(source, async () => true)).toEqual({ ok: true, value: null });
    expect(problemsOf(await loadConfig(source))).toEqual(['check.unreadable']);
  });
});

describe('checkDirectory stops on a bad config', () => {
  it('reports only the config problems and checks nothing (the CLI exits 2 on the same file)', async () => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    writeFileSync(join(ex.dir, 'memkit.config.json'), '{\n  "profile": "strict",\n}\n');
    const r = await checkDirectory(nodeCheckSource(ex.dir), { hasher: nodeHasher });
    expect(r.ok).toBe(false);
    expect(r.checked).toEqual([]);
    expect(r.problems.map((p) => [p.code, p.file])).toEqual([['input.not-json', 'memkit.config.json']]);
  });
});

describe("the library's MCP server and a bad config", () => {
  const options = (dir: string) => ({
    files: nodeFiles(dir, { extensions: null }),
    source: nodeCheckSource(dir),
    write: true,
    appendLedger: (rel: string, draft: Record<string, unknown>, format: LedgerFormatId) => appendEntry(join(dir, rel), draft as never, { format }) as never,
    hasher: nodeHasher,
  });

  it.each([
    ['a trailing comma', '{"memoryBank":{"writers":{"activeContext.md":["Planner"]}},}', 'input.not-json'],
    ['a wrong type', '{"memoryBank":{"writers":{"activeContext.md":"Planner"}}}', 'schema.type'],
    ['an unknown key', '{"memoryBank":{"writer":{"activeContext.md":["Planner"]}}}', 'schema.additional-properties'],
    ['a misspelt bank file', '{"memoryBank":{"writers":{"activecontext.md":["Planner"]}}}', 'config.unknown-bank-file'],
  ])('createMemkitMcpServer throws the problems of %s instead of serving the default rosters', async (_, text, code) => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    writeFileSync(join(ex.dir, 'memkit.config.json'), text);
    const created = createMemkitMcpServer(options(ex.dir));
    await expect(created).rejects.toBeInstanceOf(MemkitError);
    const thrown = (await created.catch((e: MemkitError) => e)) as MemkitError;
    expect(thrown.problems.map((p) => p.code)).toContain(code);
    expect(thrown.problems.every((p) => p.file === 'memkit.config.json')).toBe(true);
  });

  it('a config edited into a bad one while the server runs refuses every write (append, remember, task), changing nothing', async () => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    const config = join(ex.dir, 'memkit.config.json');
    writeFileSync(config, JSON.stringify({ memoryBank: { writers: { 'activeContext.md': ['Planner'] } } }));
    const mcp = await createMemkitMcpServer(options(ex.dir));
    // The roster applies: Backend may not append, and the trailing comma must not bring the default roster (all agents) back.
    writeFileSync(config, readFileSync(config, 'utf8').replace(/}$/, ',}'));
    const before = readTree(ex.dir);
    const append = await mcp.call('append', { ledger: 'memory-bank/activeContext.md', entry: { source_agent: 'Backend', source_chunks: [], summary_128: 'sneaked in' } });
    expect(problemsOf(append)).toEqual(['input.not-json']);
    expect(problemsOf(await mcp.call('remember', { id: 'fact.after-bad-config', title: 'x', kind: 'fact' }))).toEqual(['input.not-json']);
    expect(problemsOf(await mcp.call('task', { id: '1.2.2', status: 'done' }))).toEqual(['input.not-json']);
    expect(readTree(ex.dir)).toEqual(before);
    // The check tool says the same as memkit check.
    const checked = await mcp.call('check', {});
    expect(checked.ok && (checked.value as { problems: { code: string }[] }).problems.map((p) => p.code)).toEqual(['input.not-json']);
    await mcp.close();
  });
});
