import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arbitraries,
  arbitraryFor,
  activeContextEntryArb,
  decisionLogEntryArb,
  eventArb,
  riskRegisterEntryArb,
  threadStoreArb,
  wbsTaskIndexArb,
  workflowStateArb,
} from '../../src/schema/arbitraries/index.js';
import { MemkitError } from '../../src/kernel/problems/index.js';
import { defaultCountTokens, formatIds, getFormat, validate } from '../../src/schema/index.js';
import { mutationsOf } from './mutate.js';

const RUNS = 60;

describe('arbitraries', () => {
  it('exist for every registered format, and only for those', () => {
    expect(Object.keys(arbitraries).sort()).toEqual([...formatIds].sort());
    for (const id of formatIds) expect(arbitraryFor(id)).toBe(arbitraries[id]);
    // An unknown id is a type error; from plain JavaScript it still throws.
    // @ts-expect-error 'nope' is not a SchemaId
    expect(() => arbitraryFor('nope')).toThrow(MemkitError);
    // @ts-expect-error '__proto__' is not a SchemaId
    expect(() => arbitraryFor('__proto__')).toThrow(MemkitError);
  });

  for (const id of formatIds) {
    describe(id, () => {
      const schema = getFormat(id)!.schema as Record<string, unknown>;

      it('generates values that validate with zero problems', () => {
        fc.assert(
          fc.property(arbitraryFor(id), (value) => {
            expect(validate(id, value)).toEqual([]);
          }),
          { numRuns: RUNS },
        );
      });

      it('rejects any single broken constraint with a problem at its pointer', () => {
        fc.assert(
          fc.property(arbitraryFor(id), fc.nat(), (value, pick) => {
            const all = mutationsOf(schema, value);
            fc.pre(all.length > 0);
            const m = all[pick % all.length]!;
            const problems = validate(id, m.apply(value));
            expect(problems.length, `${m.kind} at ${m.pointer}`).toBeGreaterThan(0);
            expect(problems.every((p) => p.severity === 'error')).toBe(true);
            expect(
              problems.map((p) => [p.code, p.pointer]),
              `${m.kind} at ${m.pointer}`,
            ).toContainEqual([m.code, m.pointer]);
          }),
          { numRuns: RUNS },
        );
      });
    });
  }
});

describe('cross-field constraints', () => {
  const noDay = (prefix: string) => (id: string) => id.replace(/^([A-Z]+-)([0-9]{4})[0-9]{4}/, `$1$2${prefix}`);

  it('dated ids name real days; an impossible day is schema.id-date at the id', () => {
    const impossible = fc.constantFrom('0230', '0431', '1301', '0000', '1100');
    fc.assert(
      fc.property(decisionLogEntryArb, riskRegisterEntryArb, workflowStateArb, impossible, (dec, risk, wf, mmdd) => {
        expect(validate('decision-log-entry', { ...dec, id: noDay(mmdd)(dec.id) }).map((p) => [p.code, p.pointer])).toEqual([['schema.id-date', '/id']]);
        expect(validate('risk-register-entry', { ...risk, risk_id: noDay(mmdd)(risk.risk_id) }).map((p) => [p.code, p.pointer])).toEqual([['schema.id-date', '/risk_id']]);
        expect(validate('workflow-state', { ...wf, session_id: noDay(mmdd)(wf.session_id as string) }).map((p) => [p.code, p.pointer])).toEqual([['schema.id-date', '/session_id']]);
      }),
      { numRuns: RUNS },
    );
  });

  it('patch and snapshot events always carry their ref, and lose validity without it', () => {
    fc.assert(
      fc.property(eventArb, (e) => {
        const need = e.kind === 'patch' ? 'patch_id' : e.kind === 'snapshot' ? 'snapshot_id' : undefined;
        fc.pre(need !== undefined);
        const refs = { ...e.refs };
        delete refs[need];
        expect(validate('event', { ...e, refs }).map((p) => [p.code, p.pointer])).toEqual([['schema.required', `/refs/${need}`]]);
      }),
      { numRuns: RUNS },
    );
  });

  it('WBS types match depth; a swapped type is wbs.type-depth at /tasks/i/type', () => {
    fc.assert(
      fc.property(wbsTaskIndexArb, fc.nat(), (index, pick) => {
        fc.pre(index.tasks.length > 0);
        const i = pick % index.tasks.length;
        const tasks = index.tasks.map((t, j) => (j === i ? { ...t, type: t.type === 'epic' ? 'task' : 'epic' } : t));
        expect(validate('wbs-task-index', { ...index, tasks }).map((p) => [p.code, p.pointer])).toEqual([['wbs.type-depth', `/tasks/${i}/type`]]);
      }),
      { numRuns: RUNS },
    );
  });

  it('summaries stay within 128 tokens of the default counter', () => {
    fc.assert(
      fc.property(activeContextEntryArb, (e) => {
        expect(defaultCountTokens(e.summary_128)).toBeLessThanOrEqual(128);
        // Over by the estimate, not by the words (the `!`s join the last word): memkit's convention warning.
        expect(validate('active-context-entry', { ...e, summary_128: e.summary_128.trimEnd() + '!'.repeat(129) }).map((p) => p.code)).toEqual(['convention.token-estimate']);
        // Over by the words, each a token whatever the tokenizer: the seed's error.
        expect(validate('active-context-entry', { ...e, summary_128: e.summary_128 + ' !'.repeat(129) }).map((p) => p.code)).toEqual(['schema.max-tokens']);
      }),
      { numRuns: RUNS },
    );
  });

  it('thread stores keep the seed consistency rules', () => {
    fc.assert(
      fc.property(threadStoreArb, (s) => {
        const ids = Object.keys(s.threads);
        expect(s.metadata.thread_count).toBe(ids.length);
        expect(Object.keys(s.relations).sort()).toEqual([...ids].sort());
        for (const [id, t] of Object.entries(s.threads)) {
          expect(t.id).toBe(id);
          for (const c of s.relations[id]!.children) expect(s.threads[c]!.parent_id).toBe(id);
          for (const r of s.relations[id]!.references_to) expect(s.relations[r]!.referenced_by).toContain(id);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
