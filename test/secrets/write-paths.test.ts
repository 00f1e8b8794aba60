// Every write path refuses to store a secret, with no byte changed: the handle's writes, the CLI's write
// commands, the MCP write tools and import. The directory checker's `secret.detected` refuses them all.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleFiles } from '../handle/helpers.js';
import { openMemory } from '../../src/index.js';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import type { memoryFiles } from '../../src/kernel/file-port.js';
import { findSecrets, secretFingerprintOf } from '../../src/kernel/secrets/index.js';
import { type MemkitMcpServer, createMemkitMcpServer } from '../../src/surfaces/mcp/index.js';
import { appendEntry, nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import type { LedgerFormatId } from '../../src/services/ledger/index.js';
import { copyExample, readTree, runCli } from '../cli/helpers.js';
import type { Problem } from '../../src/kernel/problems/index.js';

const TOKEN = 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';
const FINGERPRINT = findSecrets(TOKEN)[0]!.fingerprint;
const now = () => new Date('2026-12-02T10:00:00Z');
const decision = (rationale: string) => ({ proposer_agent: 'ReaperOAK', rationale, diff_hash: 'a'.repeat(64), tests_passed: true });

const open: { done(): void }[] = [];
afterEach(() => {
  for (const x of open.splice(0)) x.done();
});

const codes = (problems: readonly Problem[]) => problems.map((p) => p.code);
const snapshot = (files: ReturnType<typeof memoryFiles>) => [...files.snapshot()].map(([p, b]) => [p, Buffer.from(b).toString('latin1')]);

describe('memkit check', () => {
  it('reports a secret in every format with kind, place, mask and fingerprint, and never the secret', async () => {
    const files = exampleFiles();
    const log = new TextDecoder().decode(await files.read('memory-bank/decisionLog.md'));
    await files.write('memory-bank/decisionLog.md', new TextEncoder().encode(log.replace('"rationale":"', `"rationale":"token ${TOKEN} `)));
    await files.write(
      '.thunderus/memory/semantic/FACTS/leak.md',
      new TextEncoder().encode(`---\nid: fact.leak\nkind: fact\ntitle: Leak\napi_key: q8Zr2Lx9Vt4Mn7Bk3Wp6\n---\n\nThe key is AKIAZ7Q2LMNB4XVC6RTD.\n`),
    );
    const report = await checkDirectory(sourceFromFilePort(files));
    const found = report.problems.filter((p) => p.code === 'secret.detected');
    expect(found.map((p) => [p.file, p.line, p.severity])).toEqual([
      ['.thunderus/memory/semantic/FACTS/leak.md', 5, 'error'],
      ['.thunderus/memory/semantic/FACTS/leak.md', 8, 'error'],
      ['memory-bank/decisionLog.md', expect.any(Number), 'error'],
    ]);
    expect(found[2]!.message).toContain('GitHub token is stored here (ghp_****, fingerprint ');
    expect(secretFingerprintOf(found[2]!.message)).toBe(FINGERPRINT);
    expect(found.every((p) => p.column !== undefined)).toBe(true);
    const printed = JSON.stringify(report);
    for (const secret of [TOKEN, 'q8Zr2Lx9Vt4Mn7Bk3Wp6', 'AKIAZ7Q2LMNB4XVC6RTD']) expect(printed).not.toContain(secret);
    expect(report.ok).toBe(false);
  });

  it('suppresses the fingerprints of secrets.allow, by fingerprint only; detectSecrets: false turns detection off', async () => {
    const files = exampleFiles();
    await files.write('.thunderus/memory/semantic/FACTS/leak.md', new TextEncoder().encode(`---\nid: fact.leak\nkind: fact\ntitle: Leak\n---\n\n${TOKEN}\n`));
    const before = await checkDirectory(sourceFromFilePort(files));
    expect(codes(before.problems)).toContain('secret.detected');
    await files.write('memkit.config.json', new TextEncoder().encode(JSON.stringify({ secrets: { allow: [FINGERPRINT] } })));
    const allowed = await checkDirectory(sourceFromFilePort(files));
    expect(codes(allowed.problems)).not.toContain('secret.detected');
    await files.write('memkit.config.json', new TextEncoder().encode(JSON.stringify({ secrets: { allow: [TOKEN] } })));
    const byValue = await checkDirectory(sourceFromFilePort(files));
    expect(codes(byValue.problems)).toContain('schema.pattern');
    await files.remove('memkit.config.json');
    expect(codes((await checkDirectory(sourceFromFilePort(files), { detectSecrets: false })).problems)).not.toContain('secret.detected');
  });

  it('finds nothing in the shipped examples', async () => {
    const report = await checkDirectory(sourceFromFilePort(exampleFiles()));
    expect(codes(report.problems)).not.toContain('secret.detected');
  });
});

describe('the memory handle refuses a secret, bytes unchanged', () => {
  const refused = async (write: (m: ReturnType<typeof openMemory>) => Promise<{ ok: boolean; problems?: Problem[] }>) => {
    const files = exampleFiles();
    const memory = openMemory({ files, now });
    const before = snapshot(files);
    const r = await write(memory);
    expect(r.ok).toBe(false);
    expect(codes(r.problems ?? [])).toEqual(expect.arrayContaining(['memory.would-not-check-clean', 'secret.detected']));
    expect(JSON.stringify(r.problems)).not.toContain(TOKEN);
    expect(snapshot(files)).toEqual(before);
  };

  it('append', () => refused((m) => m.append('decision-log', decision(`deploy with ${TOKEN}`))));
  it('writeDoc', () => refused((m) => m.writeDoc({ id: 'fact.deploy', title: 'Deploy', kind: 'fact', body: `Use ${TOKEN}.\n` })));
  it('setTask', async () => {
    await refused(async (m) => {
      const ready = await m.readyTasksOrThrow();
      return m.setTask({ id: ready.ready.find((id) => id.split('.').length === 3)!, title: `rotate ${TOKEN}` });
    });
  });
  it('thread', async () => {
    await refused(async (m) => {
      const store = JSON.parse(new TextDecoder().decode(await m.files.read('threads/thread-store.json'))) as { threads: Record<string, { status: string }> };
      const active = Object.entries(store.threads).find(([, t]) => t.status === 'active')![0];
      return m.thread({ command: 'spawn', params: { parent_id: active, child_id: 'leaky', objective: `use ${TOKEN}` } });
    });
  });
  it('import of a bundle holding a secret', async () => {
    const source = exampleFiles();
    await source.write('.thunderus/memory/semantic/FACTS/leak.md', new TextEncoder().encode(`---\nid: fact.leak\nkind: fact\ntitle: Leak\n---\n\n${TOKEN}\n`));
    const bundle = await openMemory({ files: source, now }).exportOrThrow();
    await refused((m) => m.import(bundle, { policy: 'overwrite-older' }).then((r) => (r.ok ? r : { ok: false, problems: [{ code: 'memory.would-not-check-clean' } as Problem, ...r.problems] })));
  });

  it("import: the config's secrets.allow lets the secret it names in; a config that cannot be read refuses the import", async () => {
    const source = exampleFiles();
    await source.write('.thunderus/memory/semantic/FACTS/leak.md', new TextEncoder().encode(`---\nid: fact.leak\nkind: fact\ntitle: Leak\n---\n\n${TOKEN}\n`));
    const bundle = await openMemory({ files: source, now }).exportOrThrow();
    const files = exampleFiles();
    await files.write('memkit.config.json', new TextEncoder().encode('{"secrets": {"allow": ['));
    const before = snapshot(files);
    const broken = await openMemory({ files, now }).import(bundle, { policy: 'overwrite-older' });
    expect(broken.ok).toBe(false);
    expect(snapshot(files)).toEqual(before);
    await files.write('memkit.config.json', new TextEncoder().encode(JSON.stringify({ secrets: { allow: [FINGERPRINT] } })));
    expect((await openMemory({ files, now }).import(bundle, { policy: 'overwrite-older' })).ok).toBe(true);
    expect(new TextDecoder().decode(await files.read('.thunderus/memory/semantic/FACTS/leak.md'))).toContain(TOKEN);
  });

  it('lets a write store the fingerprints of allowSecrets, and only those', async () => {
    const files = exampleFiles();
    const memory = openMemory({ files, now, allowSecrets: [FINGERPRINT] });
    expect((await memory.append('decision-log', decision(`deploy with ${TOKEN}`))).ok).toBe(true);
    const other = await memory.append('decision-log', decision('deploy with ghp_Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1Jh0Gf9Ed8Cb7A'));
    expect(codes(other.ok ? [] : other.problems)).toContain('secret.detected');
  });
});

/** A CLI run a secret refused: exit 1, `secret.detected` reported, the secret nowhere in the output, `dir` as it was. */
function expectRefused(r: { code: number; stdout: string; stderr: string }, dir: string, before: ReturnType<typeof readTree>): void {
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('secret.detected');
  expect(r.stdout + r.stderr).not.toContain(TOKEN);
  expect(readTree(dir)).toEqual(before);
}

describe('the CLI write commands refuse a secret, bytes unchanged', () => {
  it('memkit append', async () => {
    const { dir, done } = copyExample('agent-memory');
    open.push({ done });
    const before = readTree(dir);
    const r = await runCli(['append', 'memory-bank/decisionLog.md', '--as', 'ReaperOAK', '--format', 'json'], { cwd: dir, stdin: JSON.stringify(decision(`key ${TOKEN}`)) });
    expectRefused(r, dir, before);
  });

  it('memkit note', async () => {
    const { dir, done } = copyExample('agent-memory');
    open.push({ done });
    const before = readTree(dir);
    const note = ['note', dir, '--id', 'fact.leak', '--kind', 'fact', '--title', 'Leak', '--format', 'json'];
    const r = await runCli(note, { stdin: `the key: ${TOKEN}\n` });
    expectRefused(r, dir, before);
    // A malformed fingerprint is a usage error; the reported one lets this write, and only it, through.
    expect((await runCli([...note, '--allow-secret', TOKEN], { stdin: `the key: ${TOKEN}\n` })).code).toBe(2);
    expect((await runCli([...note, '--allow-secret', 'f'.repeat(16)], { stdin: `the key: ${TOKEN}\n` })).code).toBe(1);
    expect(JSON.parse(r.stdout).problems.map((p: Problem) => secretFingerprintOf(p.message))).toContain(FINGERPRINT);
    const allowed = await runCli([...note, '--allow-secret', FINGERPRINT], { stdin: `the key: ${TOKEN}\n` });
    expect(allowed.code).toBe(0);
    expect(readFileSync(join(dir, '.thunderus/memory/semantic/FACTS/fact.leak.md'), 'utf8')).toContain(TOKEN);
  });

  it('memkit threads apply', async () => {
    const { dir, done } = copyExample('agent-memory');
    open.push({ done });
    const before = readTree(dir);
    const op = JSON.stringify({ command: 'spawn', operator: 'agent', params: { parent_id: 'memkit-main', child_id: 'leak', objective: `deploy with ${TOKEN}` } });
    const r = await runCli(['threads', 'apply', 'threads/thread-store.json', op, '--format', 'json'], { cwd: dir });
    expectRefused(r, dir, before);
    const allowed = await runCli(['threads', 'apply', 'threads/thread-store.json', op, '--allow-secret', FINGERPRINT, '--format', 'json'], { cwd: dir });
    expect(allowed.code).toBe(0);
    expect(readFileSync(join(dir, 'threads/thread-store.json'), 'utf8')).toContain(TOKEN);
  });

  it('memkit wbs update', async () => {
    const { dir, done } = copyExample('agent-memory');
    open.push({ done });
    const before = readTree(dir);
    const task = '.claude/memory/tasks/1.1.1.json';
    const patch = JSON.stringify([{ op: 'replace', path: '/title', value: `rotate ${TOKEN}` }]);
    const r = await runCli(['wbs', 'update', task, '--patch', '-', '--format', 'json'], { cwd: dir, stdin: patch });
    expectRefused(r, dir, before);
    const allowed = await runCli(['wbs', 'update', task, '--patch', '-', '--allow-secret', FINGERPRINT, '--format', 'json'], { cwd: dir, stdin: patch });
    expect(allowed.code).toBe(0);
    expect(readFileSync(join(dir, task), 'utf8')).toContain(TOKEN);
  });

  it('memkit import', async () => {
    const { dir, done } = copyExample('agent-memory');
    open.push({ done });
    writeFileSync(join(dir, '.thunderus/memory/semantic/FACTS/leak.md'), `---\nid: fact.leak\nkind: fact\ntitle: Leak\n---\n\n${TOKEN}\n`);
    const bundle = join(dir, '..', 'leak.ndjson');
    expect((await runCli(['export', dir, '--out', bundle])).code).toBe(0);
    const target = copyExample('agent-memory');
    open.push(target);
    const before = readTree(target.dir);
    const r = await runCli(['import', bundle, target.dir, '--policy', 'overwrite-older', '--format', 'json']);
    expectRefused(r, target.dir, before);
    expect(readFileSync(bundle, 'utf8')).toContain('fact.leak');
    const allowed = await runCli(['import', bundle, target.dir, '--policy', 'overwrite-older', '--allow-secret', FINGERPRINT, '--format', 'json']);
    expect(allowed.code).toBe(0);
    expect(readFileSync(join(target.dir, '.thunderus/memory/semantic/FACTS/leak.md'), 'utf8')).toContain(TOKEN);
    // The target's own config allows it too; a config that cannot be read refuses the import, nothing written.
    const configured = copyExample('agent-memory');
    open.push(configured);
    writeFileSync(join(configured.dir, 'memkit.config.json'), '{"secrets": {"allow": [');
    const unreadable = readTree(configured.dir);
    const broken = await runCli(['import', bundle, configured.dir, '--policy', 'overwrite-older', '--format', 'json']);
    expect(broken.code).toBe(1);
    expect(readTree(configured.dir)).toEqual(unreadable);
    writeFileSync(join(configured.dir, 'memkit.config.json'), JSON.stringify({ secrets: { allow: [FINGERPRINT] } }));
    expect((await runCli(['import', bundle, configured.dir, '--policy', 'overwrite-older', '--format', 'json'])).code).toBe(0);
    expect(readFileSync(join(configured.dir, '.thunderus/memory/semantic/FACTS/leak.md'), 'utf8')).toContain(TOKEN);
  });
});

describe('the MCP write tools refuse a secret, bytes unchanged', () => {
  async function serve(): Promise<{ dir: string; mcp: MemkitMcpServer }> {
    const ex = copyExample('agent-memory');
    open.push(ex);
    const mcp = await createMemkitMcpServer({
      files: nodeFiles(ex.dir, { extensions: null }),
      source: nodeCheckSource(ex.dir),
      write: true,
      appendLedger: (rel: string, draft: Record<string, unknown>, format: LedgerFormatId) => appendEntry(join(ex.dir, rel), draft as never, { format }) as never,
      hasher: nodeHasher,
    });
    return { dir: ex.dir, mcp };
  }
  const cases: [string, Record<string, unknown>][] = [
    ['remember', { id: 'fact.leak', kind: 'fact', title: 'Leak', body: `the key: ${TOKEN}\n` }],
    ['append', { ledger: 'memory-bank/decisionLog.md', entry: decision(`key ${TOKEN}`) }],
    ['thread', { command: 'update', params: { thread_id: 'search-ui', objective: `use ${TOKEN}` } }],
  ];
  for (const [tool, args] of cases)
    it(tool, async () => {
      const { dir, mcp } = await serve();
      const before = readTree(dir);
      const r = await mcp.call(tool, args);
      expect(r.ok).toBe(false);
      expect(codes(r.ok ? [] : r.problems)).toContain('secret.detected');
      expect(JSON.stringify(r)).not.toContain(TOKEN);
      expect(readTree(dir)).toEqual(before);
      await mcp.close();
    });
});
