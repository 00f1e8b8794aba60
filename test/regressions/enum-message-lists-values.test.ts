// Reported: an enum error said "must be equal to one of the allowed values"
// without saying which values are allowed.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/schemas/index.js';

const event = { v: 1, id: 'evt_1', ts: '2026-01-01T00:00:00Z', session_id: 'sess_1', actor: 'user', kind: 'note', refs: {}, body: {} };

describe('regression: enum messages list the allowed values', () => {
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
