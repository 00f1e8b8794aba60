// The checked-in schemas/ equal a fresh emit, are valid JSON Schema 2020-12, and Ajv
// loaded with them agrees with memkit's validate on generated valid and invalid values.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFor } from '../../src/schema/arbitraries/index.js';
import { joinPointer } from '../../src/kernel/problems/index.js';
import { SCHEMA_BASE_URL, emitSchemaFiles, formatIds, getFormat, validate } from '../../src/schema/index.js';
import { mutationsOf } from '../arbitraries/mutate.js';
import { sample } from './samples.js';

// ajv-formats is CommonJS with `exports.default`; under NodeNext its default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

const dir = join(import.meta.dirname, '..', '..', 'schemas');
const files = emitSchemaFiles();

/** Rules memkit checks beyond JSON Schema (documented in docs/formats/README.md). */
const MEMKIT_ONLY = new Set(['schema.id-date', 'schema.max-tokens', 'schema.stride-category']);

function makeAjv() {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  for (const f of files) if (f.id) ajv.addSchema(JSON.parse(readFileSync(join(dir, f.name), 'utf8')));
  return ajv;
}
const ajv = makeAjv();
const ajvValid = (id: string, value: unknown) => ajv.validate(`${SCHEMA_BASE_URL}${id}.schema.json`, value) as boolean;
// Warnings are memkit's conventions on a schema-valid value: not the schema's business.
const memkitSchemaValid = (id: string, value: unknown) => validate(id, value).every((p) => p.severity !== 'error' || MEMKIT_ONLY.has(p.code));

function pointersOf(value: unknown, at = ''): string[] {
  const out = at === '' ? [] : [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pointersOf(v, joinPointer(at, String(i)))));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) out.push(...pointersOf(v, joinPointer(at, k)));
  return out;
}

function replaceAt(value: unknown, pointer: string, to: unknown): unknown {
  const copy = structuredClone(value) as any;
  const keys = pointer
    .slice(1)
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = copy;
  for (const k of keys.slice(0, -1)) node = node[k];
  node[keys[keys.length - 1]!] = to;
  return copy;
}

describe('schemas/ on disk', () => {
  it('equals a fresh emit (run `npm run schemas` after changing src/schema)', () => {
    const onDisk = readdirSync(dir).sort();
    expect(onDisk).toEqual(files.map((f) => f.name).sort());
    for (const f of files) expect(readFileSync(join(dir, f.name), 'utf8'), f.name).toBe(f.text);
  });

  it('has one schema per format with the 2020-12 $schema and a stable $id', () => {
    expect(files.filter((f) => f.id).map((f) => f.id)).toEqual([...formatIds]);
    for (const f of files.filter((x) => x.id)) {
      const s = JSON.parse(f.text);
      expect(s.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(s.$id).toBe(`${SCHEMA_BASE_URL}${f.id}.schema.json`);
    }
    expect(files.find((f) => f.name === 'memory_store.sql')!.text).toMatch(/CREATE VIRTUAL TABLE IF NOT EXISTS docs_fts\s+USING fts5/);
  });

  it('each file is valid against the official 2020-12 meta-schema and compiles under Ajv strict mode', () => {
    const fresh = new Ajv2020({ strict: true });
    addFormats(fresh);
    for (const f of files.filter((x) => x.id)) {
      const s = JSON.parse(f.text);
      expect(fresh.validateSchema(s), `${f.name}: ${fresh.errorsText(fresh.errors)}`).toBe(true);
      expect(() => fresh.compile(s), f.name).not.toThrow();
    }
  });

  it('rejects a broken schema (the meta-schema check can fail)', () => {
    const fresh = new Ajv2020({ strict: true });
    expect(fresh.validateSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'objekt' })).toBe(false);
  });
});

describe('Ajv with the emitted schemas agrees with memkit validate', () => {
  it('on the hand-written samples', () => {
    for (const id of formatIds) expect(ajvValid(id, sample(id)), id).toBe(true);
  });

  for (const id of formatIds) {
    it(`${id}: generated valid values, single-constraint breaks, and random replacements`, () => {
      const schema = getFormat(id)!.schema as Record<string, unknown>;
      fc.assert(
        fc.property(arbitraryFor(id), fc.nat(), fc.nat(), fc.jsonValue({ maxDepth: 2 }), (value, pick, where, junk) => {
          expect(ajvValid(id, value)).toBe(true);
          const ms = mutationsOf(schema, value);
          if (ms.length > 0) {
            const broken = ms[pick % ms.length]!.apply(value);
            expect(ajvValid(id, broken)).toBe(false);
            expect(memkitSchemaValid(id, broken)).toBe(false);
          }
          const ps = pointersOf(value);
          if (ps.length > 0) {
            const replaced = replaceAt(value, ps[where % ps.length]!, junk);
            expect(memkitSchemaValid(id, replaced), JSON.stringify(replaced)).toBe(ajvValid(id, replaced));
          }
        }),
        { numRuns: 40 },
      );
    });
  }

  it('on date-time edge cases both libraries treat differently by default', () => {
    const cases = [
      '2026-02-20T02:00:00Z',
      '2026-02-20t02:00:00z',
      '2024-02-29T00:00:00Z',
      '2023-02-29T00:00:00Z',
      '2026-02-20 02:00:00Z',
      '2026-02-20T02:00:00+0200',
      '2026-02-20T02:00:00+02',
      '2026-02-20T23:59:60Z',
      '1990-12-31T15:59:60-08:00',
      '2026-W08-5T02:00:00Z',
      '2026W085T020000Z',
      '2026-W53-4T02:00:00Z',
      '2025-W53-1T02:00:00Z',
      '2026-051T02:00:00Z',
      '2024-366T02:00:00Z',
      '2025-366T02:00:00Z',
      '2026-02-20T02:00:00Z[Europe/Paris]',
      '2026-02-20T02:00:00.123456789+14:00',
      '2026-02-20T02:00:00',
      '２０２６-02-20T02:00:00Z',
    ];
    for (const ts of cases) {
      const v = { ...sample('progress-row'), updated_at: ts };
      expect(memkitSchemaValid('progress-row', v), ts).toBe(ajvValid('progress-row', v));
    }
  });

  it('on RFC 3339 leap seconds, where `format: date-time` says which minute may carry one', () => {
    for (const ts of ['2026-06-30T23:59:60Z', '1990-12-31T15:59:60-08:00', '2026-06-30T12:00:60Z', '1990-12-31T23:59:60-08:00']) {
      const v = { ...sample('event'), ts };
      expect(memkitSchemaValid('event', v), ts).toBe(ajvValid('event', v));
    }
  });

  it('memkit-only: an ISO 8601 field refuses a leap second outside 23:59 UTC, which its pattern admits', () => {
    const v = { ...sample('progress-row'), updated_at: '2026-06-30T12:00:60Z' };
    expect(ajvValid('progress-row', v)).toBe(true);
    expect(validate('progress-row', v).map((p) => p.code)).toEqual(['schema.format']);
  });

  it('counts maxLength in code points, like Ajv', () => {
    for (const summary of ['\u{1F600}'.repeat(256), '\u{1F600}'.repeat(257), 'e\u0301'.repeat(128), 'e\u0301'.repeat(129)]) {
      const v = { ...sample('product-context-entry'), summary };
      expect(memkitSchemaValid('product-context-entry', v)).toBe(ajvValid('product-context-entry', v));
    }
  });

  it('memkit-only rules: Ajv accepts impossible id dates and long summaries, memkit does not', () => {
    const dec = { ...sample('decision-log-entry'), id: 'DEC-20260230-001' };
    expect(ajvValid('decision-log-entry', dec)).toBe(true);
    expect(validate('decision-log-entry', dec).map((p) => p.code)).toEqual(['schema.id-date']);
    // 200 words: over 128 tokens whatever the tokenizer, the seed's error.
    const words = { ...sample('active-context-entry'), summary_128: 'word '.repeat(200) };
    expect(ajvValid('active-context-entry', words)).toBe(true);
    expect(validate('active-context-entry', words).map((p) => p.code)).toEqual(['schema.max-tokens']);
    // 100 words over by the estimate only: a convention warning; an exact counter over the limit is the seed's error.
    const ctx = { ...sample('active-context-entry'), summary_128: 'memory '.repeat(100) };
    expect(ajvValid('active-context-entry', ctx)).toBe(true);
    expect(validate('active-context-entry', ctx).map((p) => p.code)).toEqual(['convention.token-estimate']);
    expect(validate('active-context-entry', ctx, { countTokens: () => 129 }).map((p) => p.code)).toEqual(['schema.max-tokens']);
    const risk = { ...sample('risk-register-entry'), threat_type: 'Phishing' };
    expect(ajvValid('risk-register-entry', risk)).toBe(true);
    expect(validate('risk-register-entry', risk).map((p) => p.code)).toEqual(['schema.stride-category']);
  });

  it('rules the emitted schemas express with if/then are enforced by Ajv too', () => {
    expect(ajvValid('wbs-task', { ...sample('wbs-task'), type: 'epic' })).toBe(false);
    // workflow-state.json reset to idle holds nulls; the same nulls in an active state are refused by both.
    const idle = { ...sample('workflow-state'), session_id: null, started_at: null, current_phase: null, overall_status: 'idle' };
    expect(ajvValid('workflow-state', idle)).toBe(true);
    expect(validate('workflow-state', idle)).toEqual([]);
    expect(ajvValid('workflow-state', { ...idle, overall_status: 'active' })).toBe(false);
    expect(ajvValid('workflow-state', { ...idle, overall_status: 'failed', session_id: 'SESSION-20260220-020000' })).toBe(false);
    const ev = sample('event');
    delete ev.refs.patch_id;
    expect(ajvValid('event', ev)).toBe(false);
  });
});
