// Bad input to validate always yields Problems, never a throw.
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/syntax/index.js';
import { formatIds, validate } from '../../src/schema/index.js';
import { sample } from './samples.js';

const MB10 = 10 * 1024 * 1024;

function deepObject(levels: number): unknown {
  let v: unknown = {};
  for (let i = 0; i < levels; i++) v = { a: v, tasks: v, threads: v };
  return v;
}
function deepArray(levels: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

describe('hostile input to validate', () => {
  it('wrong type at the root is schema.type at the root, for every format', () => {
    for (const id of formatIds)
      for (const root of [null, [], 42, 'text', true, undefined, 1n, Symbol('s'), () => 1])
        expect(
          validate(id, root).map((p) => [p.code, p.pointer]),
          `${id} ${String(root)}`,
        ).toEqual([['schema.type', '']]);
  });

  it('100k levels of nesting, wherever they are put', () => {
    const deep = deepObject(100_000);
    const arr = deepArray(100_000);
    for (const id of formatIds) {
      expect(validate(id, deep).length, id).toBeGreaterThan(0);
      expect(validate(id, arr).length, id).toBeGreaterThan(0);
    }
    // Nested under fields the schema does not constrain (event body), the value is fine.
    expect(validate('event', { ...sample('event'), body: { deep } })).toEqual([]);
    expect(validate('wbs-task-index', { version: '1.0.0', tasks: [deep] }).map((p) => p.code)).toContain('schema.required');
    expect(validate('thread-store', { ...sample('thread-store'), threads: { a: arr } }).map((p) => p.pointer)).toContain('/threads/a');
  });

  it('100k levels of JSON text: parse problem or schema problem, never a throw', () => {
    for (const text of ['['.repeat(100_000) + ']'.repeat(100_000), '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)]) {
      const parsed = parseJson(text);
      const problems = parsed.ok ? validate('wbs-task', parsed.value) : parsed.problems;
      expect(problems.length).toBeGreaterThan(0);
    }
  });

  it('10 MB strings', () => {
    const big = 'x'.repeat(MB10);
    expect(validate('product-context-entry', { ...sample('product-context-entry'), summary: big }).map((p) => [p.code, p.pointer])).toEqual([['schema.max-length', '/summary']]);
    expect(validate('decision-log-entry', { ...sample('decision-log-entry'), id: 'DEC-' + big }).map((p) => p.code)).toEqual(['schema.pattern']);
    expect(validate('progress-row', { ...sample('progress-row'), updated_at: big }).map((p) => p.code)).toEqual(['schema.format']);
    expect(validate('active-context-entry', { ...sample('active-context-entry'), summary_128: 'word '.repeat(MB10 / 5) }).map((p) => p.code)).toEqual(['schema.max-tokens']);
    expect(validate('memory-doc', { ...sample('memory-doc'), id: 'a' + big }).map((p) => p.code)).toEqual(['convention.thunderus-id']);
    // An unconstrained field may be big; the message never echoes the value.
    const problems = validate('progress-row', { ...sample('progress-row'), task_id: big, status: big });
    expect(problems.map((p) => p.code)).toEqual(['schema.enum']);
    expect(problems[0]!.message.length).toBeLessThan(1000);
  });

  it('__proto__, constructor and prototype keys are data, never prototypes', () => {
    const parsed = parseJson('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}');
    expect(parsed.ok).toBe(true);
    const value = parsed.ok ? parsed.value : undefined;
    for (const id of formatIds) validate(id, value);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const gardener = JSON.parse(JSON.stringify(sample('gardener-config')).replace('{', '{"__proto__":{"x":1},'));
    expect(validate('gardener-config', gardener).map((p) => [p.code, p.pointer])).toEqual([['convention.gardener-config', '/__proto__']]);

    const store = sample('thread-store');
    const threads = JSON.parse('{"__proto__": {}}');
    Object.assign(threads, store.threads);
    expect(validate('thread-store', { ...store, threads }).map((p) => [p.code, p.pointer])).toEqual([['schema.additional-properties', '/threads/__proto__']]);
    const relations = JSON.parse('{"prototype": {"children": [], "references_to": [], "referenced_by": [], "depends_on": []}}');
    expect(validate('thread-store', { ...store, relations: { ...store.relations, ...relations } }).map((p) => [p.code, p.pointer])).toEqual([['schema.additional-properties', '/relations/prototype']]);
    expect(validate('thread', { ...sample('thread'), id: 'constructor' }).map((p) => p.code)).toEqual(['schema.pattern']);
    const phases = JSON.parse('{"constructor": {"status": "active", "agents": [], "outputs": []}}');
    expect(validate('workflow-state', { ...sample('workflow-state'), phases }).map((p) => [p.code, p.pointer])).toEqual([['convention.workflow-phase', '/phases/constructor']]);
  });

  it('keys that need JSON Pointer escaping are escaped', () => {
    const store = sample('thread-store');
    store.threads['a/b~c'] = store.threads.root;
    expect(validate('thread-store', store).map((p) => p.pointer)).toEqual(['/threads/a~1b~0c']);
  });

  it('values JSON cannot hold (NaN, Infinity, cycles under open fields)', () => {
    expect(validate('workflow-state', { ...sample('workflow-state'), fix_loop_count: Number.NaN }).map((p) => p.code)).toEqual(['schema.type']);
    expect(validate('gardener-config', { ...sample('gardener-config'), size_caps: { max_docs: Infinity } }).length).toBeGreaterThan(0);
    const body: Record<string, unknown> = {};
    body.self = body;
    expect(validate('event', { ...sample('event'), body })).toEqual([]);
  });

  it('a throwing getter or proxy is reported, not thrown', () => {
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
        ownKeys() {
          throw new Error('boom');
        },
      },
    );
    for (const id of ['event', 'wbs-task', 'thread-store']) expect(validate(id, trap).length).toBeGreaterThan(0);
  });
});
