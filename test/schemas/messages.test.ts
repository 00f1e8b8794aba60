// Reported: an enum error said "must be equal to one of the allowed values"
// without saying which values are allowed.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/schema/index.js';
import { SEMVER_PATTERN } from '../../src/schema/common.js';

const event = { v: 1, id: 'evt_1', ts: '2026-01-01T00:00:00Z', session_id: 'sess_1', actor: 'user', kind: 'note', refs: {}, body: {} };

describe('enum messages name the allowed values, not just that some are allowed', () => {
  it('the base event is valid (the fixture is right)', () => {
    expect(validate('event', event)).toEqual([]);
  });

  it('names every allowed actor', () => {
    const [p, ...rest] = validate('event', { ...event, actor: 'robot' });
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ code: 'schema.enum', pointer: '/actor' });
    for (const allowed of ['user', 'agent', 'tool']) expect(p!.message).toContain(`"${allowed}"`);
  });

  it('names every allowed kind', () => {
    const [p] = validate('event', { ...event, kind: 'Note' });
    expect(p).toMatchObject({ code: 'schema.enum', pointer: '/kind' });
    for (const allowed of ['message', 'tool_call', 'tool_result', 'approval', 'patch', 'snapshot', 'note']) expect(p!.message).toContain(`"${allowed}"`);
  });

  it('a const error names the value required', () => {
    const [p] = validate('event', { ...event, v: 2 });
    expect(p).toMatchObject({ code: 'schema.const', pointer: '/v' });
    expect(p!.message).toContain('1');
  });
});

// Reported: a version that is not SemVer printed the 179-character SemVer
// regular expression instead of saying what was wrong.
describe('a bad semver says so instead of quoting the regex', () => {
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
