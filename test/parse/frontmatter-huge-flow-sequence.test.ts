// Reported: a memory doc whose frontmatter held a 20 MB YAML flow sequence
// ran past 60 s at 3.5 GB: the `yaml` parser needs hundreds of bytes per
// character of such a list. Frontmatter larger than `maxFrontmatterBytes`
// (256 KiB) is now refused with `frontmatter.too-large` before any YAML parse.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/syntax/index.js';
import { docRecordFromFile } from '../../src/services/store/index.js';
import { runCli, tempDir } from '../cli/helpers.js';
import { RECAP_PATH } from './hostile-recap.js';

const MB = 1024 * 1024;
// The same doc the child builds: a valid recap with a huge `tags` flow list.
const hugeDoc = (bytes: number) =>
  [
    '---',
    'id: recap.2026-02-20',
    'title: Session recap 2026-02-20',
    'kind: recap',
    `tags: [${'a,'.repeat(bytes / 2)}a]`,
    'created: 2026-02-20T18:00:00Z',
    'updated: 2026-02-20T18:00:00Z',
    'provenance: { events: [], patches: [] }',
    'verification: { last_verified_commit: 3f2a9c4e1b7d8a6f5e4c3b2a19081726354a5b6c, status: verified }',
    '---',
    '# Session recap',
    '',
    '## Provenance',
    '',
  ].join('\n');

describe('frontmatter holding a huge YAML flow sequence is refused before any YAML parse', () => {
  it('the parser refuses it with frontmatter.too-large at the first YAML line', { timeout: 60_000 }, () => {
    const r = parseFrontmatter(hugeDoc(20 * MB), { file: RECAP_PATH, limits: { maxFileBytes: 64 * MB } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toMatchObject([{ code: 'frontmatter.too-large', severity: 'error', line: 2, file: RECAP_PATH }]);
  });

  it('honours maxFrontmatterBytes both ways', { timeout: 60_000 }, () => {
    const doc = hugeDoc(64 * 1024);
    expect(parseFrontmatter(doc).ok).toBe(true);
    const strict = parseFrontmatter(doc, { limits: { maxFrontmatterBytes: 1024 } });
    expect(!strict.ok && strict.problems[0]!.code).toBe('frontmatter.too-large');
  });

  it('memkit check reports frontmatter.too-large for the file', { timeout: 60_000 }, async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, '.thunderus/memory/episodic'), { recursive: true });
      writeFileSync(join(t.dir, RECAP_PATH), hugeDoc(20 * MB));
      const run = await runCli(['check', t.dir, '--format', 'json']);
      expect(run.code).toBe(1);
      expect(JSON.parse(run.stdout).problems).toContainEqual(expect.objectContaining({ code: 'frontmatter.too-large', file: RECAP_PATH, line: 2 }));
    } finally {
      t.done();
    }
  });

  it('the store indexing path and memkit index refuse it too', { timeout: 60_000 }, async () => {
    // 12 MB: under the store's 16 MiB file limit, so the frontmatter limit is what refuses it.
    const r = docRecordFromFile(RECAP_PATH, new TextEncoder().encode(hugeDoc(12 * MB)));
    expect(!r.ok && r.problems.map((p) => p.code)).toEqual(['frontmatter.too-large']);
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, '.thunderus/memory/episodic'), { recursive: true });
      writeFileSync(join(t.dir, RECAP_PATH), hugeDoc(12 * MB));
      const run = await runCli(['index', t.dir, '--format', 'json']);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('frontmatter.too-large');
    } finally {
      t.done();
    }
  });

  it('peak memory stays near the size of the text (measured in a child process)', { timeout: 90_000 }, () => {
    // The child loads the parser, notes its RSS, then parses the 20 MB doc and reports its peak RSS.
    const script = `
      const { parseFrontmatter } = await import(${JSON.stringify(new URL('../../src/syntax/index.ts', import.meta.url).pathname)});
      parseFrontmatter('---\\nid: a\\n---\\n');
      const base = process.memoryUsage().rss;
      const text = '---\\ntags: [' + 'a,'.repeat(${(20 * MB) / 2}) + 'a]\\n---\\n';
      const r = parseFrontmatter(text, { limits: { maxFileBytes: ${64 * MB} } });
      console.log(JSON.stringify({ base, peak: process.resourceUsage().maxRSS * 1024, code: r.ok ? 'ok' : r.problems[0].code }));
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 85_000 });
    expect(child.stderr).toBe('');
    const { base, peak, code } = JSON.parse(child.stdout) as { base: number; peak: number; code: string };
    expect(code).toBe('frontmatter.too-large');
    // Before the fix this passed 3.5 GB; the text itself is 20 MB (40 MB as UTF-16).
    expect(peak - base).toBeLessThan(200 * MB);
  });
});
