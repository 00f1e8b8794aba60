import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listMemoryDocs, memoryFiles } from '../../src/services/store/index.js';
import { ROOT, runCli, tempDir } from '../cli/helpers.js';

// Defect: a human README.md next to memory files (e.g. `.thunderus/memory/README.md` explaining
// the folder) was checked as a memory doc and reported frontmatter.missing. A README is never memory.
const README = '# About this folder\n\nAgents keep their memory here. Do not edit by hand.\n';

describe('a human README next to memory files is not checked as memory', () => {
  it('is never checked as a memory file, wherever the memory lives', async () => {
    const t = tempDir();
    try {
      cpSync(join(ROOT, 'examples/agent-memory'), t.dir, { recursive: true });
      const readmes = ['.thunderus/memory/README.md', '.thunderus/memory/core/readme.md', 'memory-bank/README.md', '.claude/memory/README.md', '.claude/memory/tasks/README.md'];
      for (const p of readmes) {
        mkdirSync(join(t.dir, p, '..'), { recursive: true });
        writeFileSync(join(t.dir, p), README);
      }
      const r = await runCli(['check', t.dir, '--format', 'json']);
      const report = JSON.parse(r.stdout) as { checked: { file: string }[]; problems: { file?: string; severity: string }[] };
      for (const p of readmes) {
        expect(report.checked.map((c) => c.file)).not.toContain(p);
        expect(report.problems.filter((q) => q.file === p)).toEqual([]);
      }
      expect(report.checked.length).toBeGreaterThan(10);
    } finally {
      t.done();
    }
  });

  it('is not listed as a memory doc by the store (the index and the checker agree)', async () => {
    const files = memoryFiles();
    const enc = new TextEncoder();
    await files.write('.thunderus/memory/README.md', enc.encode(README));
    await files.write('.thunderus/memory/core/CORE.md', enc.encode('---\n---\n'));
    expect(await listMemoryDocs(files)).toEqual(['.thunderus/memory/core/CORE.md']);
  });
});
