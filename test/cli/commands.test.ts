import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../src/surfaces/cli/run.js';
import { ROOT, copyExample, runCli, tempDir } from './helpers.js';

const bank = (dir: string, f: string) => join(dir, 'memory-bank', f);

describe('every command', () => {
  it.each(commands.map((c) => c.name))('%s has --help (exit 0) and rejects unknown flags (exit 2)', async (name) => {
    const help = await runCli([name, '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: memkit /);
    expect(help.stdout).toMatch(/Exit status/);
    const bad = await runCli([name, '--no-such-flag']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`memkit ${name}:`);
  });

  it('loads, for every entry of the table, the command of that name', async () => {
    for (const entry of commands) expect((await entry.load()).name).toBe(entry.name);
    expect(new Set(commands.map((c) => c.name)).size).toBe(commands.length);
  });

  it('lists every command in the main help', async () => {
    const r = await runCli(['--help']);
    for (const c of commands) expect(r.stdout).toContain(`  ${c.name} `);
    expect((await runCli([])).code).toBe(2);
    expect((await runCli(['nope'])).code).toBe(2);
    expect((await runCli(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('rejects an unknown --format with exit 2', async () => {
    const r = await runCli(['check', 'examples/agent-memory', '--format', 'xml'], { cwd: ROOT });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--format must be one of text, json, sarif');
  });
});

describe('check', () => {
  it('prints the DESIGN §5 JSON shape, exit 0 on the clean example', async () => {
    const r = await runCli(['check', 'examples/agent-memory', '--format', 'json'], { cwd: ROOT });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['ok', 'root', 'checked', 'problems']);
    expect(out).toMatchObject({ ok: true, root: 'examples/agent-memory', problems: [] });
    expect(out.checked.length).toBeGreaterThan(25);
    for (const c of out.checked) expect(Object.keys(c)).toEqual(['file', 'format']);
  });

  it('groups text output by file with file:line:col locations; colour only on a TTY without NO_COLOR', async () => {
    const plain = await runCli(['check', 'examples/broken'], { cwd: ROOT });
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain('memory-bank/decisionLog.md\n  memory-bank/decisionLog.md:6:1  error');
    expect(plain.stdout).not.toContain('\u001b[');
    // The last line says how many files of which formats were checked.
    expect(plain.stdout).toMatch(/\n\d+ files checked \((\d+ [a-z-]+, )*\d+ memory-doc(, \d+ [a-z-]+)*\), \d+ errors, \d+ warnings\n$/);
    const tty = await runCli(['check', 'examples/broken'], { cwd: ROOT, stdoutTTY: true });
    expect(tty.stdout).toContain('\u001b[31m');
    const noColor = await runCli(['check', 'examples/broken'], { cwd: ROOT, stdoutTTY: true, env: { NO_COLOR: '' } });
    expect(noColor.stdout).not.toContain('\u001b[');
  });

  it('is a usage error for a missing directory or two directories', async () => {
    expect((await runCli(['check', 'no/such/dir'], { cwd: ROOT })).code).toBe(2);
    expect((await runCli(['check', 'a', 'b'], { cwd: ROOT })).code).toBe(2);
    expect((await runCli(['check', 'package.json'], { cwd: ROOT })).code).toBe(2);
    expect((await runCli(['check', '.', '--max-file-size', 'lots'], { cwd: ROOT })).code).toBe(2);
  });
});

describe('ledger commands', () => {
  let ex: ReturnType<typeof copyExample>;
  beforeAll(() => void (ex = copyExample('agent-memory')));
  afterAll(() => ex.done());

  it('verify: exit 0 on a sound ledger, 1 with the first broken line on a tampered one', async () => {
    const ok = await runCli(['verify', bank(ex.dir, 'decisionLog.md'), '--format', 'json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, entries: 3 });
    const broken = await runCli(['verify', join(ROOT, 'examples/broken/memory-bank/decisionLog.md'), '--format', 'json']);
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout).problems[0]).toMatchObject({ code: 'ledger.predecessor-mismatch', line: 6 });
    const fb = await runCli(['verify', bank(ex.dir, 'feedback-log.md')]);
    expect(fb.code).toBe(0);
  });

  it('checkpoint then verify --checkpoint detects a deleted tail entry', async () => {
    const cp = await runCli(['checkpoint', bank(ex.dir, 'riskRegister.md'), '--origin', 'example/riskRegister']);
    expect(cp.code).toBe(0);
    expect(cp.stdout).toMatch(/^example\/riskRegister\n2\n[A-Za-z0-9+/]{43}=\n$/);
    const cpFile = join(ex.dir, 'risk.checkpoint');
    writeFileSync(cpFile, cp.stdout);
    expect((await runCli(['verify', bank(ex.dir, 'riskRegister.md'), '--checkpoint', cpFile])).code).toBe(0);
    const text = readFileSync(bank(ex.dir, 'riskRegister.md'), 'utf8');
    writeFileSync(bank(ex.dir, 'riskRegister.md'), text.replace(/\n[^\n]*\n$/, '\n'));
    const after = await runCli(['verify', bank(ex.dir, 'riskRegister.md'), '--checkpoint', cpFile, '--format', 'json']);
    expect(after.code).toBe(1);
    expect(JSON.parse(after.stdout).problems.map((p: { code: string }) => p.code)).toContain('ledger.truncated');
    writeFileSync(bank(ex.dir, 'riskRegister.md'), text);
    writeFileSync(cpFile, 'not a checkpoint');
    const badCp = await runCli(['verify', bank(ex.dir, 'riskRegister.md'), '--checkpoint', cpFile, '--format', 'json']);
    expect(JSON.parse(badCp.stdout).problems[0]).toMatchObject({ code: 'ledger.checkpoint-invalid' });
  });

  it('prove prints an inclusion proof that verifies against the checkpoint root', async () => {
    const r = await runCli(['prove', bank(ex.dir, 'activeContext.md'), '1', '--format', 'json']);
    expect(r.code).toBe(0);
    const { proof } = JSON.parse(r.stdout);
    expect(proof).toMatchObject({ index: 1, size: 2, line: 6 });
    const { verifyInclusion } = await import('../../src/services/ledger/index.js');
    const { fromHex } = await import('../../src/kernel/canonical/index.js');
    expect(
      verifyInclusion(
        1,
        2,
        fromHex(proof.leaf)!,
        proof.path.map((h: string) => fromHex(h)!),
        fromHex(proof.root)!,
      ),
    ).toBe(true);
    expect((await runCli(['prove', bank(ex.dir, 'activeContext.md'), '2'])).code).toBe(2);
    expect((await runCli(['prove', bank(ex.dir, 'activeContext.md'), '-1'])).code).toBe(2);
  });
});

describe('wbs and threads', () => {
  it('wbs repair prints a plan and changes nothing without --apply; --apply fixes the tree', async () => {
    const ex = copyExample('broken');
    try {
      const index = join(ex.dir, '.claude/memory/task-index.json');
      const before = readFileSync(index, 'utf8');
      const plan = await runCli(['wbs', 'repair', ex.dir]);
      // The broken tree's WBS problems are memkit conventions (index and entity disagree), warnings in the spec profile.
      expect(plan.code).toBe(0);
      expect(plan.stdout).toContain('"op":"add"');
      expect(plan.stdout).toContain('nothing changed');
      expect(readFileSync(index, 'utf8')).toBe(before);
      const applied = await runCli(['wbs', 'repair', ex.dir, '--apply', '--format', 'json']);
      expect(applied.code, applied.stdout).toBe(0);
      expect(JSON.parse(applied.stdout)).toMatchObject({ ok: true, applied: true });
      expect((await runCli(['wbs', 'rollup', ex.dir])).code).toBe(0);
    } finally {
      ex.done();
    }
  });

  it('wbs ready lists ready work; rebuild-index writes only with --apply', async () => {
    const ex = copyExample('agent-memory');
    try {
      const ready = await runCli(['wbs', 'ready', ex.dir, '--leaves', '--format', 'json']);
      expect(JSON.parse(ready.stdout).ready).toEqual(['1.2.2']);
      const index = join(ex.dir, '.claude/memory/task-index.json');
      writeFileSync(index, '{}');
      expect((await runCli(['wbs', 'rebuild-index', ex.dir])).stdout).toContain('not written');
      expect(readFileSync(index, 'utf8')).toBe('{}');
      expect((await runCli(['wbs', 'rebuild-index', ex.dir, '--apply'])).code).toBe(0);
      expect((await runCli(['check', ex.dir])).code).toBe(0);
      expect((await runCli(['wbs', 'fly', ex.dir])).code).toBe(2);
    } finally {
      ex.done();
    }
  });

  it('threads check reports rule violations with lines; apply refuses a forbidden transition', async () => {
    const bad = await runCli(['threads', 'check', 'examples/broken/threads/thread-store.json', '--format', 'json'], { cwd: ROOT });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).problems[0]).toMatchObject({ code: 'threads.child-not-listed', line: 38 });
    const ex = copyExample('agent-memory');
    try {
      const store = join(ex.dir, 'threads/thread-store.json');
      const before = readFileSync(store, 'utf8');
      const refused = await runCli(['threads', 'apply', store, '{"command":"update","params":{"thread_id":"store-index","title":"x"}}']);
      expect(refused.code).toBe(1);
      expect(readFileSync(store, 'utf8')).toBe(before);
      const ok = await runCli(['threads', 'apply', store, '{"command":"archive","params":{"thread_id":"store-index"}}']);
      expect(ok.code).toBe(0);
      expect(JSON.parse(readFileSync(store, 'utf8')).threads['store-index'].status).toBe('archived');
      expect((await runCli(['threads', 'check', store])).code).toBe(0);
      expect((await runCli(['threads', 'apply', store, 'not json'])).code).toBe(2);
    } finally {
      ex.done();
    }
  });
});

describe('exchange and store commands', () => {
  it('export | import round-trips a directory; drill passes; a tampered bundle imports nothing', async () => {
    const ex = copyExample('agent-memory');
    const target = tempDir();
    try {
      const exported = await runCli(['export', ex.dir, '--agent-id', 'kani']);
      expect(exported.code).toBe(0);
      expect(JSON.parse(exported.stdout.slice(0, exported.stdout.indexOf('\n')))).toMatchObject({ superagents_export: '1', agent_id: 'kani' });
      const bundle = join(target.dir, 'bundle.ndjson');
      writeFileSync(bundle, exported.stdout);
      const out = join(target.dir, 'out');
      const { mkdirSync } = await import('node:fs');
      mkdirSync(out);
      const imported = await runCli(['import', bundle, out, '--format', 'json']);
      expect(imported.code).toBe(0);
      expect(JSON.parse(imported.stdout).summary.written).toBeGreaterThan(20);
      expect(readFileSync(join(out, 'memory-bank/decisionLog.md'), 'utf8')).toBe(readFileSync(join(ex.dir, 'memory-bank/decisionLog.md'), 'utf8'));
      expect((await runCli(['check', out])).code).toBe(0);
      const drill = await runCli(['drill', ex.dir, '--format', 'json']);
      expect(drill.code).toBe(0);
      expect(JSON.parse(drill.stdout).drill.ok).toBe(true);
      writeFileSync(bundle, exported.stdout.replace('ReaperOAK', 'Mallory'));
      const out2 = join(target.dir, 'out2');
      mkdirSync(out2);
      const tampered = await runCli(['import', bundle, out2]);
      expect(tampered.code).toBe(1);
      expect(existsSync(join(out2, 'memory-bank'))).toBe(false);
      expect((await runCli(['import', bundle, out2, '--policy', 'yolo'])).code).toBe(2);
    } finally {
      ex.done();
      target.done();
    }
  });

  it('export --out writes the bundle and reports it; drill restores a bundle file and fails a damaged one', async () => {
    const ex = copyExample('agent-memory');
    const target = tempDir();
    try {
      const streamed = await runCli(['export', ex.dir, '--agent-id', 'kani']);
      const file = join(target.dir, 'sub', 'memory.ndjson');
      const written = await runCli(['export', ex.dir, '--agent-id', 'kani', '--out', file, '--format', 'json']);
      expect(written.code).toBe(0);
      // The same records (the manifest line differs only by its export time and digest).
      const records = (t: string) => t.split('\n').slice(1);
      expect(records(readFileSync(file, 'utf8'))).toEqual(records(streamed.stdout));
      const report = JSON.parse(written.stdout);
      expect(report.manifest.agent_id).toBe('kani');
      expect(report.out).toContain('memory.ndjson');
      const text = await runCli(['export', ex.dir, '--out', file]);
      expect(text.stdout).toMatch(/^wrote .*memory\.ndjson: \d+ File/);

      const passed = await runCli(['drill', file, '--format', 'json']);
      expect(passed.code).toBe(0);
      expect(JSON.parse(passed.stdout).drill.ok).toBe(true);
      writeFileSync(file, streamed.stdout.replace('ReaperOAK', 'Mallory'));
      const failed = await runCli(['drill', file]);
      expect(failed.code).toBe(1);
      expect(failed.stdout).toContain('drill FAILED');
      expect((await runCli(['drill', join(target.dir, 'missing')])).code).toBe(2);
    } finally {
      ex.done();
      target.done();
    }
  });

  it('export refuses a directory holding a file whose path cannot travel in a bundle, and writes nothing', async () => {
    const target = tempDir();
    try {
      writeFileSync(join(target.dir, 'ok.md'), '# ok\n');
      writeFileSync(join(target.dir, 'back\\slash.md'), 'x');
      const out = join(target.dir, 'bundle.ndjson');
      const r = await runCli(['export', target.dir, '--out', out]);
      expect(r.code).toBe(1);
      expect(existsSync(out)).toBe(false);
      const streamed = await runCli(['export', target.dir]);
      expect(streamed.code).toBe(1);
      expect(streamed.stdout).toBe('');
      expect(streamed.stderr).toMatch(/exchange\.unsafe-path/);
    } finally {
      target.done();
    }
  });

  it('index builds the SQLite index and search finds docs with filters', async () => {
    const ex = copyExample('agent-memory');
    try {
      const idx = await runCli(['index', ex.dir, '--format', 'json']);
      expect(idx.code).toBe(0);
      expect(JSON.parse(idx.stdout)).toMatchObject({ ok: true, docs: 6 });
      expect(existsSync(join(ex.dir, '.thunderus/memory/indexes/memory.sqlite'))).toBe(true);
      const hits = JSON.parse((await runCli(['search', ex.dir, 'vitest', '--format', 'json'])).stdout).hits;
      expect(hits[0].docId).toBe('fact.testing.vitest');
      const facts = JSON.parse((await runCli(['search', ex.dir, 'vitest', '--kind', 'core', '--format', 'json'])).stdout).hits;
      expect(facts.map((h: { docId: string }) => h.docId)).toEqual(['core.identity']);
      const tagged = JSON.parse((await runCli(['search', ex.dir, 'vitest', '--tag', 'recap', '--limit', '1', '--format', 'json'])).stdout).hits;
      expect(tagged.map((h: { docId: string }) => h.docId)).toEqual(['recap.2026-02-20']);
      expect((await runCli(['search', ex.dir, 'x', '--kind', 'nope'])).code).toBe(2);
      expect((await runCli(['search', ex.dir, 'x', '--limit', '0'])).code).toBe(2);
    } finally {
      ex.done();
    }
  });
});
