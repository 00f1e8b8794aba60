// #20: timestamps the Memory Bank seed calls "ISO8601" were refused unless in memkit's RFC 3339 profile
// (no offset, +0200, basic format, a comma fraction, reduced precision). They check clean now, with the
// convention.date-time-profile warning; where the Thunderus seed says RFC3339 the profile stays the rule.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chain, checkFiles, decision, errorsOf, ledger } from './check-files.js';

const ISO_FORMS = ['2026-02-20T02:00:00', '2026-02-20T04:00:00+0200', '20260220T020000Z', '2026-02-20T02:00:00,25Z', '2026-02-20T02:00Z', '2026-02-20T02:00:00.123456+02'];

describe('ISO 8601 timestamps outside the RFC 3339 profile are a warning, not an error', () => {
  it.each(ISO_FORMS)('a decisionLog.md entry with ts %s checks clean, with the profile warning', async (ts) => {
    const r = await checkFiles({ 'memory-bank/decisionLog.md': ledger('Decisions', chain([decision(1, 'x', ts)])) });
    expect(errorsOf(r.problems)).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.problems.map((p) => [p.code, p.severity, p.pointer, p.line])).toEqual([['convention.date-time-profile', 'warning', '/ts', 3]]);
  });

  it('is an error under --profile strict', async () => {
    const r = await checkFiles({ 'memory-bank/decisionLog.md': ledger('Decisions', chain([decision(1, 'x', '20260220T020000Z')])) }, ['--profile', 'strict']);
    expect(r.code).toBe(1);
    expect(r.problems.map((p) => [p.code, p.severity])).toContainEqual(['convention.date-time-profile', 'error']);
  });

  it('JSON state files and the progress table read ISO 8601 too', async () => {
    const state = { session_id: 'SESSION-20260220-020000', started_at: '20260220T020000+0100', overall_status: 'idle', current_phase: 'SPEC', phases: {}, fix_loop_count: 0, blockers: [] };
    const progress = '| task_id | status | agent | milestone_severity | updated_at |\n|---|---|---|---|---|\n| T-1 | DONE | Backend | LOW | 2026-02-20T02:00 |\n';
    const r = await checkFiles({ 'memory-bank/workflow-state.json': JSON.stringify(state), 'memory-bank/progress.md': progress });
    expect(errorsOf(r.problems)).toEqual([]);
    expect(r.problems.map((p) => [p.file?.replace(/^.*memory-bank\//, ''), p.code])).toEqual(
      expect.arrayContaining([
        ['workflow-state.json', 'convention.date-time-profile'],
        ['progress.md', 'convention.date-time-profile'],
      ]),
    );
  });

  it('a date that does not exist, or no ISO 8601 form at all, stays an error', async () => {
    for (const ts of ['2026-02-30T02:00:00Z', '20260230T020000Z', '2026-02-20 02:00:00Z', '2026-02-20', 'yesterday', '2026-02-20T020000Z']) {
      const r = await checkFiles({ 'memory-bank/decisionLog.md': ledger('Decisions', chain([decision(1, 'x', ts)])) });
      expect(
        r.problems.filter((p) => p.severity === 'error').map((p) => p.code),
        ts,
      ).toEqual(['ledger.schema-violation']);
    }
  });

  it('Thunderus memory docs keep RFC 3339 (the seed says RFC3339): a timestamp without offset is an error', async () => {
    const doc = (created: string) =>
      `---\nid: fact.testing\ntitle: Testing\nkind: fact\ntags: []\ncreated: ${created}\nupdated: 2026-02-20T02:00:00Z\nprovenance:\n  events: []\n  patches: []\nverification:\n  last_verified_commit: null\n  status: unknown\n---\n# Testing\n`;
    const bad = await checkFiles({ '.thunderus/memory/semantic/FACTS/testing.md': doc('2026-02-20T02:00:00') });
    expect(errorsOf(bad.problems).map(([code]) => code)).toContain('schema.format');
    const good = await checkFiles({ '.thunderus/memory/semantic/FACTS/testing.md': doc('2026-02-20T02:00:00Z') });
    expect(errorsOf(good.problems)).toEqual([]);
  });
});

describe('ISO 8601 timestamps of any form are ordered by instant', () => {
  it('ledger.ts-backwards compares the instants, whatever the form', async () => {
    const forward = [decision(1, 'a', '20260220T040000+0200'), decision(2, 'b', '2026-02-20T02:30:00Z'), decision(3, 'c', '2026-02-20T03:00')];
    const r = await checkFiles({ 'memory-bank/decisionLog.md': ledger('Decisions', chain(forward)) });
    expect(r.problems.filter((p) => p.code === 'ledger.ts-backwards')).toEqual([]);
    const back = [decision(1, 'a', '20260220T050000+0200'), decision(2, 'b', '2026-02-20T02:30:00Z')];
    const r2 = await checkFiles({ 'memory-bank/decisionLog.md': ledger('Decisions', chain(back)) });
    expect(r2.problems.filter((p) => p.code === 'ledger.ts-backwards').map((p) => p.line)).toEqual([4]);
  });
});

describe('thread stores and WBS trees accept ISO 8601 timestamps too', () => {
  const EX = join(import.meta.dirname, '..', '..', 'examples', 'agent-memory');
  const toBasic = (text: string) => text.replace(/"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z"/g, '"$1$2$3T$4$5$6Z"');

  it('a thread store with basic-format timestamps checks clean, with the profile warning', async () => {
    const r = await checkFiles({ 'threads/thread-store.json': toBasic(readFileSync(join(EX, 'threads', 'thread-store.json'), 'utf8')) });
    expect(errorsOf(r.problems)).toEqual([]);
    expect(r.problems.length).toBeGreaterThan(0);
    expect(new Set(r.problems.map((p) => `${p.code} ${p.severity}`))).toEqual(new Set(['convention.date-time-profile warning']));
  });

  it('a WBS tree with basic-format timestamps checks clean, with the profile warning on the task files', async () => {
    const files: Record<string, string> = { '.claude/memory/task-index.json': readFileSync(join(EX, '.claude', 'memory', 'task-index.json'), 'utf8') };
    for (const name of readdirSync(join(EX, '.claude', 'memory', 'tasks'))) files[`.claude/memory/tasks/${name}`] = toBasic(readFileSync(join(EX, '.claude', 'memory', 'tasks', name), 'utf8'));
    const r = await checkFiles(files);
    expect(errorsOf(r.problems)).toEqual([]);
    const profile = r.problems.filter((p) => p.code === 'convention.date-time-profile');
    expect(profile.length).toBeGreaterThan(0);
    expect(profile.every((p) => p.severity === 'warning' && /tasks\/.*\.json$/.test(p.file ?? ''))).toBe(true);
  });
});
