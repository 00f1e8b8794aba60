import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/check/index.js';
import { parseFeedbackLog, stringifyFeedbackEntry } from '../../src/parse/index.js';
import { memoryFiles } from '../../src/store/file-port.js';
import { runCli, tempDir } from '../cli/helpers.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ZERO = '0'.repeat(64);
const entry = (ts: string) => ({
  timestamp: ts,
  from_agent: 'CIReviewer',
  to_agent: 'Backend',
  category: 'defect',
  severity: 'high',
  artifact_path: 'src/a.ts',
  description: 'breaks',
  evidence: 'test',
  predecessor_hash: ZERO,
});
const asH3 = (block: string) => block.replace(/^## /, '### ');

// Defect: a feedback-log.md whose entries sit under `###` headings passed unchecked (they were read as preamble).
describe('feedback-log entries the parser cannot read are reported', () => {
  const log = `---\ntitle: Feedback\n---\n# Feedback log\n\n${asH3(stringifyFeedbackEntry(entry('2026-03-01T10:00:00Z')))}${asH3(stringifyFeedbackEntry(entry('2026-03-02T10:00:00Z')))}`;

  it('each `###` timestamped block is a feedback-log.unrecognised-entry warning at its line', () => {
    const r = parseFeedbackLog(log);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.entries).toEqual([]);
    const lines = log.split('\n');
    expect(r.problems?.map((p) => [p.code, p.severity, p.line])).toEqual([
      ['feedback-log.unrecognised-entry', 'warning', lines.findIndex((l) => l.startsWith('### 2026-03-01')) + 1],
      ['feedback-log.unrecognised-entry', 'warning', lines.findIndex((l) => l.startsWith('### 2026-03-02')) + 1],
    ]);
  });

  it('check reports them; verify refuses the file as holding nothing to verify (exit 2), saying why', async () => {
    const r = await checkDirectory(sourceFromFilePort(memoryFiles({ 'memory-bank/feedback-log.md': log })));
    expect(r.problems.map((p) => p.code)).toEqual(['feedback-log.unrecognised-entry', 'feedback-log.unrecognised-entry']);
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'memory-bank'));
      writeFileSync(join(t.dir, 'memory-bank', 'feedback-log.md'), log);
      const v = await runCli(['verify', 'memory-bank/feedback-log.md'], { cwd: t.dir });
      expect(v.code).toBe(2);
      expect(v.stderr).toContain('feedback-log.unrecognised-entry');
    } finally {
      t.done();
    }
  });

  it('a ```yaml block in the preamble with no heading is reported; plain `###` headings and prose are not', () => {
    const yamlOnly = `# Feedback\n\n\`\`\`yaml\ncategory: defect\n\`\`\`\n`;
    expect(parseFeedbackLog(yamlOnly).problems?.map((p) => [p.code, p.line])).toEqual([['feedback-log.unrecognised-entry', 3]]);
    const prose = `# Feedback\n\n### How to write an entry\n\nSee the docs. Dates like 2026-03-01 in prose are fine.\n\n${stringifyFeedbackEntry(entry('2026-03-01T10:00:00Z'))}`;
    const ok = parseFeedbackLog(prose);
    expect(ok.ok && (ok.problems ?? [])).toEqual([]);
    expect(ok.ok && ok.value.entries.length).toBe(1);
  });

  it('for any log, demoting every entry heading to `###` reports each entry and reads none (property)', () => {
    const ts = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    fc.assert(
      fc.property(fc.array(ts, { minLength: 1, maxLength: 6 }), (stamps) => {
        const blocks = stamps.map((s) => stringifyFeedbackEntry(entry(s)));
        const demoted = parseFeedbackLog('# Log\n\n' + blocks.map(asH3).join(''));
        expect(demoted.ok).toBe(true);
        if (!demoted.ok) return;
        expect(demoted.value.entries).toEqual([]);
        expect(demoted.problems?.filter((p) => p.code === 'feedback-log.unrecognised-entry').length).toBe(stamps.length);
        const kept = parseFeedbackLog('# Log\n\n' + blocks.join(''), { validateEntries: false });
        expect(kept.ok && kept.value.entries.length).toBe(stamps.length);
        expect(kept.ok && (kept.problems ?? [])).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
