// #25.1 / #19.14: `memkit check` followed symbolic links out of DIR. A link to
// /etc/passwd named events.jsonl printed its lines; one named decisionLog.md
// exited 0; a link to `/` walked the whole file system. A link whose target
// resolves outside DIR is now reported (`check.outside-root`) and never
// followed, opened or read; links inside the tree are still followed.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeCheckSource } from '../../src/adapters/node/index.js';
import { runCli, tempDir } from '../cli/helpers.js';

/** A temp base holding `dir` (the checked directory) and `outside` (a sibling it must not reach). */
function layout() {
  const t = tempDir();
  const dir = join(t.dir, 'dir');
  const outside = join(t.dir, 'outside');
  mkdirSync(dir);
  mkdirSync(join(outside, 'memory-bank'), { recursive: true });
  writeFileSync(join(outside, 'store.json'), JSON.stringify({ version: '1.0.0', metadata: {}, threads: {}, operations: [], relations: {} }));
  writeFileSync(join(outside, 'bundle.ndjson'), '{"superagents_export":"1"}\n');
  writeFileSync(join(outside, 'memory-bank/decisionLog.md'), '# Decisions\n{"not":"read"}\n');
  return { ...t, dir, outside };
}

const codes = (problems: { file?: string; code: string; severity: string }[]) => problems.map((p) => `${p.file} ${p.code} ${p.severity}`).sort();

describe('links out of the checked directory are reported, never followed', () => {
  it('reports each of ten links out of the tree, follows none and reads none', { timeout: 30_000 }, async () => {
    const t = layout();
    try {
      const d = t.dir;
      mkdirSync(join(d, 'memory-bank'));
      mkdirSync(join(d, '.thunderus/memory'), { recursive: true });
      mkdirSync(join(d, 'notes'));
      writeFileSync(join(d, 'notes/real.jsonl'), '');
      symlinkSync('/etc/passwd', join(d, 'events.jsonl')); // 1 absolute, a path-known format
      symlinkSync('/etc/passwd', join(d, 'memory-bank/decisionLog.md')); // 2 a memory-bank ledger
      symlinkSync('/etc/passwd', join(d, '.thunderus/memory/core.md')); // 3 a memory doc
      symlinkSync('../outside/store.json', join(d, 'store.json')); // 4 relative, a sniffed thread store
      symlinkSync(join(t.outside, 'bundle.ndjson'), join(d, 'bundle.ndjson')); // 5 a sniffed export bundle
      symlinkSync('/', join(d, 'rootfs')); // 6 the file system root
      symlinkSync('..', join(d, 'parent')); // 7 the parent of DIR
      symlinkSync(join(t.outside, 'memory-bank'), join(d, '.claude')); // 8 a layout directory
      symlinkSync('../../outside', join(d, 'notes/away')); // 9 relative, from a subdirectory
      symlinkSync('hop2', join(d, 'hop1')); // 10 a chain of links inside the tree that ends outside
      symlinkSync('/etc', join(d, 'hop2'));
      symlinkSync('notes/real.jsonl', join(d, 'inside.jsonl')); // inside the tree: still followed

      const src = nodeCheckSource(d);
      const { files, problems } = await src.list();
      expect(files.map((f) => f.path)).toEqual(['inside.jsonl', 'notes/real.jsonl']);
      expect(codes(problems)).toEqual(
        [
          '.claude check.outside-root error',
          '.thunderus/memory/core.md check.outside-root error',
          'bundle.ndjson check.outside-root warning',
          'events.jsonl check.outside-root error',
          'hop1 check.outside-root warning',
          'hop2 check.outside-root warning',
          'memory-bank/decisionLog.md check.outside-root error',
          'notes/away check.outside-root warning',
          'parent check.outside-root warning',
          'rootfs check.outside-root warning',
          'store.json check.outside-root warning',
        ].sort(),
      );
      // Asked directly, the reader refuses too: nothing outside DIR is opened.
      for (const path of ['events.jsonl', 'memory-bank/decisionLog.md', 'store.json', 'rootfs/etc/passwd', 'notes/away/store.json']) {
        const r = await src.read(path);
        expect(r.ok ? 'read' : r.problems.map((p) => p.code)).toEqual(['check.outside-root']);
      }
      const inside = await src.read('inside.jsonl');
      expect(inside.ok).toBe(true);
    } finally {
      t.done();
    }
  });

  it('memkit check never prints the target, and a linked ledger is an error (exit 1)', { timeout: 30_000 }, async () => {
    const t = layout();
    try {
      symlinkSync('/etc/passwd', join(t.dir, 'events.jsonl'));
      const r = await runCli(['check', t.dir]);
      expect(r.stdout + r.stderr).not.toMatch(/root:|:x:0:/);
      expect(r.code).toBe(1);

      const u = layout();
      try {
        mkdirSync(join(u.dir, 'memory-bank'));
        symlinkSync('/etc/passwd', join(u.dir, 'memory-bank/decisionLog.md'));
        const j = await runCli(['check', u.dir, '--format', 'json']);
        expect(j.code).toBe(1);
        expect(JSON.parse(j.stdout).problems.map((p: { file: string; code: string }) => `${p.file} ${p.code}`)).toEqual(['memory-bank/decisionLog.md check.outside-root']);
      } finally {
        u.done();
      }
    } finally {
      t.done();
    }
  });

  it('a link to / is reported, not walked: the check finishes at once', { timeout: 30_000 }, async () => {
    const t = layout();
    try {
      writeFileSync(join(t.dir, 'events.jsonl'), '');
      symlinkSync('/', join(t.dir, 'everything'));
      const r = await runCli(['check', t.dir, '--format', 'json']);
      const out = JSON.parse(r.stdout);
      expect(out.checked).toEqual([{ file: 'events.jsonl', format: 'events' }]);
      expect(out.problems.map((p: { file: string; code: string; severity: string }) => `${p.file} ${p.code} ${p.severity}`)).toEqual(['everything check.outside-root warning']);
      expect(r.code).toBe(0);
    } finally {
      t.done();
    }
  });
});
