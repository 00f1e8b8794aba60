// `convention.date-time-profile` was decided by a module-level counter that the compiled checks
// bumped when they met an ISO 8601 timestamp outside memkit's profile: whether a value got the
// warning depended on which checks happened to reach the field (and on every caller reading the
// counter around its own checks). Now a value's warnings depend on the value alone.
import { describe, expect, it } from 'vitest';
import { compileValidator } from '../../src/schemas/index.js';
import * as validateModule from '../../src/schemas/validate.js';
import { compileTally } from '../../src/schemas/validate.js';

const HASH = 'ab'.repeat(32);
const entry = { id: 'DEC-20260220-001', ts: '20260220T020000Z', proposer_agent: 'a', rationale: 'r', diff_hash: HASH, tests_passed: true, predecessor_hash: HASH };
const at = (problems: { code: string; pointer?: string }[]) => problems.map((p) => [p.code, p.pointer]);

describe('date-time-profile-shared-counter', () => {
  it('a valid value outside the profile gets the warning, in validate and in the tally', () => {
    expect(at(compileValidator('decision-log-entry')!(entry))).toEqual([['convention.date-time-profile', '/ts']]);
    expect(compileTally('decision-log-entry')!(entry)).toEqual({ problems: 1, worst: 'warning', atLeast: false });
  });

  it('an invalid value gets it too, wherever the error sits', () => {
    for (const broken of [
      { ...entry, id: 12345 },
      { ...entry, predecessor_hash: 7 },
      { ...entry, tests_passed: 'yes' },
    ]) {
      const codes = at(compileValidator('decision-log-entry')!(broken));
      expect(codes).toContainEqual(['convention.date-time-profile', '/ts']);
      expect(codes.some(([c]) => c === 'schema.type')).toBe(true);
    }
  });

  it('values checked in between change nothing', () => {
    const check = compileValidator('decision-log-entry')!;
    const alone = check(entry);
    const inForm = { ...entry, ts: '2026-02-20T02:00:00Z' };
    expect(check(inForm)).toEqual([]);
    expect(compileValidator('thread-operation')!({})).not.toEqual([]);
    expect(check(entry)).toEqual(alone);
    expect(check(inForm)).toEqual([]);
  });

  it('no counter is left to read', () => {
    expect('offProfileDateTimes' in validateModule).toBe(false);
  });
});
