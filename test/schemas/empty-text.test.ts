// memory-bank-schema.md types `rationale`, `agent`, `description` … as `string`, as thread-store-schema.md
// types `title` and `objective`: '' is valid in both. Empty strings were schema.min-length errors in the
// Memory Bank and warnings in the thread store; one rule now: a convention, a warning under the spec
// profile and an error under strict, while fields whose seed gives a form (ids, hashes, timestamps) keep
// their errors.
import { describe, expect, it } from 'vitest';
import { effectiveSeverity } from '../../src/engine/profile.js';
import { checkThreadStore } from '../../src/formats/thread-store/invariants.js';
import { compileTally, validate } from '../../src/schema/validate.js';
import { sample } from './samples.js';

const codes = (problems: { code: string; severity: string; pointer?: string }[]) => problems.map((p) => [p.code, p.severity, p.pointer]);

describe('empty strings in fields the seeds type only as string', () => {
  it('are a convention warning in the Memory Bank, at their pointer, in validate and in the tally', () => {
    expect(codes(validate('decision-log-entry', { ...sample('decision-log-entry'), rationale: '' }))).toEqual([['convention.empty-string', 'warning', '/rationale']]);
    expect(codes(validate('progress-row', { ...sample('progress-row'), task_id: '', agent: '' }))).toEqual([
      ['convention.empty-string', 'warning', '/task_id'],
      ['convention.empty-string', 'warning', '/agent'],
    ]);
    const manifest = sample('artifacts-manifest');
    const artifacts = [{ ...manifest.artifacts[0], phase: '' }];
    expect(codes(validate('artifacts-manifest', { ...manifest, artifacts }))).toEqual([['convention.empty-string', 'warning', '/artifacts/0/phase']]);
    expect(compileTally('decision-log-entry')!({ ...sample('decision-log-entry'), proposer_agent: '' })).toEqual({ problems: 1, worst: 'warning', atLeast: false });
    expect(validate('decision-log-entry', sample('decision-log-entry'))).toEqual([]);
  });

  it('are reported with the other problems of a value the schema rejects', () => {
    const found = codes(validate('decision-log-entry', { ...sample('decision-log-entry'), rationale: '', tests_passed: 'yes' }));
    expect(found).toContainEqual(['convention.empty-string', 'warning', '/rationale']);
    expect(found).toContainEqual(['schema.type', 'error', '/tests_passed']);
  });

  it('keep their errors where the seed gives a form (ids, hashes, timestamps)', () => {
    for (const field of ['id', 'ts', 'diff_hash', 'predecessor_hash']) {
      const problems = validate('decision-log-entry', { ...sample('decision-log-entry'), [field]: '' });
      expect(
        problems.some((p) => p.severity === 'error' && p.pointer === `/${field}`),
        field,
      ).toBe(true);
    }
  });

  it("follow the thread store's rule: the same severity under each profile", () => {
    const store = {
      version: '1.0.0',
      metadata: { last_updated: '2026-02-20T00:00:00Z', thread_count: 1 },
      threads: { a: { id: 'a', title: '', objective: 'o', created_at: '2026-02-20T00:00:00Z', status: 'active', parent_id: null, storage_path: 'threads/a' } },
      operations: [],
      relations: { a: { children: [], references_to: [], referenced_by: [], depends_on: [] } },
    };
    expect(codes(checkThreadStore(store))).toEqual([['threads.empty-string', 'warning', '/threads/a/title']]);
    for (const profile of ['spec', 'strict'] as const) {
      const bank = effectiveSeverity({ code: 'convention.empty-string', severity: 'warning' }, { profile });
      expect(effectiveSeverity({ code: 'threads.empty-string', severity: 'warning' }, { profile }), profile).toBe(bank);
      expect(bank).toBe(profile === 'spec' ? 'warning' : 'error');
    }
  });
});
