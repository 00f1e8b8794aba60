// Shared by the hostile-Markdown tests of markdown.test.ts and frontmatter-huge-flow-sequence.test.ts: a recap whose body is
// hostile, checked through the parser API, `memkit check`, the store's
// indexing path and `memkit index`. Each test has a runner timeout; none
// asserts a duration.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { markdownOutline, parseFrontmatter } from '../../src/syntax/index.js';
import { docRecordFromFile } from '../../src/services/store/index.js';
import { runCli, tempDir } from '../cli/helpers.js';

export const RECAP_PATH = '.thunderus/memory/episodic/2026-02-20.md';

const FRONTMATTER = [
  '---',
  'id: recap.2026-02-20',
  'title: Session recap 2026-02-20',
  'kind: recap',
  'tags: [recap]',
  'created: 2026-02-20T18:00:00Z',
  'updated: 2026-02-20T18:00:00Z',
  'provenance:',
  '  events: []',
  '  patches: []',
  'verification:',
  '  last_verified_commit: 3f2a9c4e1b7d8a6f5e4c3b2a19081726354a5b6c',
  '  status: verified',
  '---',
  '',
].join('\n');

/** A recap: title heading, the hostile text, then the Provenance section the recap template requires. */
export function hostileRecap(hostile: string): string {
  return `${FRONTMATTER}# Session recap\n\n${hostile}\n\n## Provenance\n\n- events: none\n`;
}

/** Registers the four paths for a hostile body of about `size` characters made by `make`. */
export function hostileRecapTests(code: string, make: (size: number) => string): void {
  for (const size of [100_000, 200_000]) {
    const text = hostileRecap(make(size));
    const bodyLine = FRONTMATTER.split('\n').length;

    it(`parser API (${size / 1000} KB): headings from a line scan and ${code}`, { timeout: 60_000 }, () => {
      const r = parseFrontmatter(text, { file: RECAP_PATH });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.headings().map((h) => h.text)).toEqual(['Session recap', 'Provenance']);
      expect(r.value.headings()[0]!.line).toBe(bodyLine);
      expect(r.value.bodyText()).toContain('Provenance');
      expect(r.value.markdownProblems()).toMatchObject([{ code, severity: 'warning', file: RECAP_PATH }]);
      const outline = markdownOutline(r.value.body);
      expect(outline.problems.map((p) => p.code)).toEqual([code]);
      expect(outline.headings.map((h) => h.depth)).toEqual([1, 2]);
    });

    it(`memkit check (${size / 1000} KB): a warning, no false Provenance error`, { timeout: 60_000 }, async () => {
      const t = tempDir();
      try {
        mkdirSync(join(t.dir, '.thunderus/memory/episodic'), { recursive: true });
        writeFileSync(join(t.dir, RECAP_PATH), text);
        const run = await runCli(['check', t.dir, '--format', 'json']);
        const out = JSON.parse(run.stdout) as { problems: { code: string; file: string; severity: string }[] };
        expect(out.problems).toContainEqual(expect.objectContaining({ code, file: RECAP_PATH, severity: 'warning' }));
        expect(out.problems.map((p) => p.code)).not.toContain('check.recap-provenance');
        expect(out.problems.filter((p) => p.file === RECAP_PATH && p.severity === 'error')).toEqual([]);
      } finally {
        t.done();
      }
    });

    it(`store indexing path and memkit index (${size / 1000} KB)`, { timeout: 60_000 }, async () => {
      const record = docRecordFromFile(RECAP_PATH, new TextEncoder().encode(text));
      expect(record.ok).toBe(true);
      if (!record.ok) return;
      expect(record.value.headings).toEqual(['Session recap', 'Provenance']);
      expect(record.problems?.map((p) => p.code)).toContain(code);
      const t = tempDir();
      try {
        mkdirSync(join(t.dir, '.thunderus/memory/episodic'), { recursive: true });
        writeFileSync(join(t.dir, RECAP_PATH), text);
        const run = await runCli(['index', t.dir, '--format', 'json']);
        expect(run.code).toBe(0);
        expect(JSON.parse(run.stdout)).toMatchObject({ docs: 1 });
        expect(JSON.parse(run.stdout).problems).toContainEqual(expect.objectContaining({ code, file: RECAP_PATH, severity: 'warning' }));
        const hits = JSON.parse((await runCli(['search', t.dir, 'provenance', '--format', 'json'])).stdout).hits as { docId: string }[];
        expect(hits.map((h) => h.docId)).toEqual(['recap.2026-02-20']);
      } finally {
        t.done();
      }
    });
  }
}
