import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedbackLogEntryArb } from '../../src/schema/arbitraries/index.js';
import { appendFeedbackEntry, parseFeedbackLog, serializeFeedbackLog, stringifyFeedbackEntry } from '../../src/formats/feedback-log/parse.js';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { runCli, tempDir } from '../cli/helpers.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const Z = '0'.repeat(64);
const ENTRY = {
  timestamp: '2026-03-01T10:00:00Z',
  from_agent: 'CIReviewer',
  to_agent: 'Backend',
  category: 'defect',
  severity: 'high',
  artifact_path: 'src/api/users.ts',
  description: 'The handler returns 500 on an empty body.',
  evidence: 'test/api.test.ts: 3 failures',
  predecessor_hash: Z,
};

const SAMPLE = `---
title: Feedback log
---
# Feedback log

Inter-agent quality signals.

## 2026-03-01T10:00:00Z — CIReviewer → Backend

\`\`\`yaml
category: defect
severity: high
artifact_path: src/api/users.ts
description: The handler returns 500 on an empty body.
evidence: "test/api.test.ts: 3 failures"
predecessor_hash: "${Z}"
\`\`\`
`;

describe('parseFeedbackLog', () => {
  it('reads the documented format', () => {
    const r = parseFeedbackLog(SAMPLE);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.value.entries).toHaveLength(1);
    expect(r.value.entries[0]!.value).toEqual(ENTRY);
    expect(r.value.entries[0]!.line).toBe(8);
    expect(r.value.frontmatter?.data).toEqual({ title: 'Feedback log' });
    expect(serializeFeedbackLog(r.value)).toBe(SAMPLE);
  });

  it('round-trips CRLF files exactly and appends new blocks in the file style', () => {
    const crlf = SAMPLE.replace(/\n/g, '\r\n');
    const r = parseFeedbackLog(crlf);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(serializeFeedbackLog(r.value)).toBe(crlf);
    r.value.entries.push({ value: { ...ENTRY, timestamp: '2026-03-02T00:00:00Z' } });
    const out = serializeFeedbackLog(r.value);
    expect(out.startsWith(crlf)).toBe(true);
    expect(out.slice(crlf.length)).toBe('\r\n' + stringifyFeedbackEntry({ ...ENTRY, timestamp: '2026-03-02T00:00:00Z' }, '\r\n'));
    const again = parseFeedbackLog(out);
    expect(again.ok && again.value.entries.length).toBe(2);
  });

  it('moves heading-unsafe agent names into the YAML block under `## feedback`', () => {
    const odd = { ...ENTRY, from_agent: 'a → b', to_agent: 'line\nbreak' };
    const block = stringifyFeedbackEntry(odd);
    expect(block.startsWith('## feedback\n')).toBe(true);
    const r = parseFeedbackLog(block);
    expect(r.ok && r.value.entries[0]!.value).toEqual(odd);
  });

  it.each([
    ['bad heading', '## not a valid heading\n\n```yaml\na: 1\n```\n', 'feedback-log.bad-heading', 1],
    ['no block', `## ${ENTRY.timestamp} — a → b\n\njust prose\n`, 'feedback-log.unexpected-text', 3],
    ['unclosed block', `## ${ENTRY.timestamp} — a → b\n\n\`\`\`yaml\ncategory: defect\n`, 'feedback-log.missing-block', 1],
    ['conflict', `## ${ENTRY.timestamp} — a → b\n\n\`\`\`yaml\nfrom_agent: c\n\`\`\`\n`, 'feedback-log.field-conflict', 1],
    ['bad yaml', `## ${ENTRY.timestamp} — a → b\n\n\`\`\`yaml\ncategory: [\n\`\`\`\n`, 'yaml.syntax', undefined],
    ['schema', `## 2026-02-30T00:00:00Z — a → b\n\n\`\`\`yaml\ncategory: defect\n\`\`\`\n`, 'schema.format', 1],
  ])('reports %s', (_n, text, code, line) => {
    const r = parseFeedbackLog(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const p = r.problems.find((x) => x.code === code);
    expect(p).toBeDefined();
    expect(p!.line).toBeGreaterThanOrEqual(1);
    if (line !== undefined) expect(p!.line).toBe(line);
  });

  it('ignores `##` lines inside fenced code in the preamble', () => {
    const r = parseFeedbackLog('# Log\n\n```md\n## not an entry\n```\n\n' + stringifyFeedbackEntry(ENTRY));
    expect(r.ok && r.value.entries.length).toBe(1);
  });

  it('parse(stringify(entries)) deep-equals the entries and serializes back exactly (property)', () => {
    fc.assert(
      fc.property(fc.array(feedbackLogEntryArb, { maxLength: 4 }), fc.constantFrom<'\n' | '\r\n'>('\n', '\r\n'), fc.constantFrom('', '# Feedback\n\n'), (entries, eol, pre) => {
        let text = pre.replace(/\n/g, eol);
        for (const e of entries) text = appendFeedbackEntry(text, e);
        const r = parseFeedbackLog(text);
        if (!r.ok) throw new Error(JSON.stringify(r.problems) + JSON.stringify(text));
        expect(r.value.entries.map((e) => e.value)).toEqual(entries);
        expect(serializeFeedbackLog(r.value)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});

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
