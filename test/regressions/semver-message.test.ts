// Reported: a version that is not SemVer printed the 179-character SemVer
// regular expression instead of saying what was wrong.
import { describe, expect, it } from 'vitest';
import { SEMVER_PATTERN } from '../../src/schemas/common.js';
import { validate } from '../../src/schemas/index.js';

describe('regression: a bad semver says so, not the regex', () => {
  it.each(['abc', '1', '1.0.0.0', 'v1.0.0', '01.2.3'])('version %j', (version) => {
    const problems = validate('thread-store', { version, metadata: { last_updated: '2026-01-01T00:00:00Z', thread_count: 0 }, threads: {}, operations: [], relations: {} });
    const p = problems.find((x) => x.pointer === '/version');
    expect(p?.code).toBe('schema.pattern');
    expect(p!.message).not.toContain(SEMVER_PATTERN);
    expect(p!.message.length).toBeLessThan(100);
    expect(p!.message).toMatch(/semver/i);
  });

  it('a SemVer version is accepted', () => {
    const problems = validate('thread-store', { version: '1.2.0', metadata: { last_updated: '2026-01-01T00:00:00Z', thread_count: 0 }, threads: {}, operations: [], relations: {} });
    expect(problems.filter((x) => x.pointer === '/version')).toEqual([]);
  });
});
