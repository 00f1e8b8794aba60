import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalize, hashJson } from '../../src/kernel/canonical/index.js';
import { readmeRows } from '../check/readme-rows.js';
import { ROOT, tempDir } from '../cli/helpers.js';

// The CLI as a user runs it: a child process, from source through tsx (no dist build needed).
function memkit(args: string[], cwd = ROOT) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/surfaces/cli/main.ts'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('memkit as a child process', () => {
  it('check examples/agent-memory: exit 0, exactly the DESIGN §5 JSON object, nothing reported', () => {
    const r = memkit(['check', 'examples/agent-memory', '--format', 'json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('}\n')).toBe(true);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['ok', 'root', 'checked', 'problems']);
    expect(out.ok).toBe(true);
    expect(out.root).toBe('examples/agent-memory');
    expect(out.problems).toEqual([]);
    for (const c of out.checked) {
      expect(c.file).not.toMatch(/\\|^\//);
      expect(typeof c.format).toBe('string');
    }
  });

  it('check examples/broken: exit 1 and every problem class at the file and line its README lists', () => {
    const r = memkit(['check', 'examples/broken', '--format', 'json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.ok).toBe(false);
    for (const p of out.problems) {
      expect(Object.keys(p).every((k) => ['code', 'severity', 'message', 'file', 'line', 'column', 'pointer'].includes(k))).toBe(true);
      expect(['error', 'warning']).toContain(p.severity);
    }
    expect(out.problems.map((p: { file: string; line?: number; code: string }) => ({ file: p.file, ...(p.line !== undefined ? { line: p.line } : {}), code: p.code }))).toEqual(readmeRows());
  });

  it('check on a generated directory with a large ledger and many docs', () => {
    const t = tempDir();
    try {
      const docs = join(t.dir, '.thunderus/memory/semantic');
      mkdirSync(docs, { recursive: true });
      for (let i = 0; i < 50; i++)
        writeFileSync(
          join(docs, `f${i}.md`),
          `---\nid: fact.gen.${i}\ntitle: Fact ${i}\nkind: fact\ntags: [gen]\ncreated: 2026-02-20T00:00:00Z\nupdated: 2026-02-20T00:00:00Z\nprovenance:\n  events: []\n  patches: []\nverification:\n  last_verified_commit: null\n  status: unknown\n---\n# Fact ${i}\n`,
        );
      mkdirSync(join(t.dir, 'memory-bank'));
      let prev = '0'.repeat(64);
      const chained: string[] = [];
      for (let i = 0; i < 2000; i++) {
        const e = { ts: '2026-02-20T00:00:00Z', source_agent: 'Backend', source_chunks: [], summary_128: `entry ${i}`, predecessor_hash: prev };
        prev = hashJson(e);
        chained.push(canonicalize(e));
      }
      writeFileSync(join(t.dir, 'memory-bank/activeContext.md'), '# Active\n\n' + chained.join('\n') + '\n');
      const ok = memkit(['check', t.dir, '--format', 'json']);
      expect(JSON.parse(ok.stdout).problems).toEqual([]);
      expect(ok.code).toBe(0);
      // Tamper with entry 1000: the chain breaks at the next line.
      chained[1000] = chained[1000]!.replace('entry 1000', 'entry 1OOO');
      writeFileSync(join(t.dir, 'memory-bank/activeContext.md'), '# Active\n\n' + chained.join('\n') + '\n');
      const bad = memkit(['check', t.dir, '--format', 'json']);
      expect(bad.code).toBe(1);
      expect(JSON.parse(bad.stdout).problems[0]).toMatchObject({ file: 'memory-bank/activeContext.md', line: 1004, code: 'ledger.predecessor-mismatch' });
    } finally {
      t.done();
    }
  });

  it('exit 2 with a message on stderr for usage errors; --version works without a build', () => {
    const r = memkit(['check', 'does-not-exist']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('memkit check: does-not-exist does not exist');
    const v = memkit(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
