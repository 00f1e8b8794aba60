// memkit `validate` against Ajv (2020 build + ajv-formats) compiled from the emitted
// schemas, on the same inputs, in one run. Inputs come from memkit/arbitraries with a
// fixed seed: a realistic mix of valid entries across formats, and the same entries
// each broken in one place.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { Compile } from 'typebox/compile';
import { arbitraryFor } from '../src/arbitraries/index.js';
import { compileValidator, emitSchemaFiles, getFormat, validate } from '../src/schemas/index.js';
import { type BenchResult, type BenchSuite, compare, throughput } from './harness.js';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/** The mix: per format, how many values (ledger entries dominate real memory directories). */
const MIX: Record<string, number> = {
  'decision-log-entry': 60,
  'active-context-entry': 60,
  'product-context-entry': 30,
  'risk-register-entry': 20,
  'feedback-log-entry': 20,
  'progress-row': 40,
  event: 80,
  'memory-doc': 30,
  'wbs-task': 40,
  'wbs-index-entry': 40,
  'thread-operation': 20,
  thread: 20,
  'export-fact-v1': 30,
  'export-decision-v1': 20,
  'workflow-state': 5,
  'thread-store': 5,
  'wbs-task-index': 5,
  'memory-manifest': 5,
};

type Item = [id: string, value: unknown];

function makeInputs(): { valid: Item[]; invalid: Item[] } {
  const valid: Item[] = [];
  let seed = 42;
  for (const [id, n] of Object.entries(MIX)) for (const v of fc.sample(arbitraryFor(id), { numRuns: n, seed: seed++ })) valid.push([id, v]);
  // Deterministic shuffle so formats interleave as in a directory walk.
  const rnd = fc.sample(fc.array(fc.nat(), { minLength: valid.length, maxLength: valid.length }), { numRuns: 1, seed: 7 })[0]!;
  valid.sort((a, b) => rnd[valid.indexOf(a)]! - rnd[valid.indexOf(b)]!);
  const invalid: Item[] = valid.map(([id, v], i) => [id, breakOne(v, i)]);
  return { valid, invalid };
}

/** Breaks one field: a wrong type on the i-th top-level property. */
function breakOne(value: unknown, i: number): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = Object.keys(copy);
  const key = keys[i % keys.length]!;
  copy[key] = typeof copy[key] === 'number' ? 'x' : 12345;
  return copy;
}

const suite: BenchSuite = {
  name: 'validate',
  async run() {
    const { valid, invalid } = makeInputs();
    const schemas = new Map(emitSchemaFiles().filter((f) => f.id).map((f) => [f.id!, JSON.parse(f.text) as object]));
    const ajv = new Ajv2020({ strict: true });
    addFormats(ajv);
    const ajvAll = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajvAll);
    const ids = Object.keys(MIX);
    const ajvFns = new Map(ids.map((id) => [id, ajv.compile(schemas.get(id)!)]));
    const ajvAllFns = new Map(ids.map((id) => [id, ajvAll.compile(schemas.get(id)!)]));
    const compiled = new Map(ids.map((id) => [id, compileValidator(id)!]));
    const bare = new Map(ids.map((id) => [id, Compile(getFormat(id)!.schema)]));

    // Sanity: both sides agree on every input before anything is timed.
    for (const [id, v] of valid) if (validate(id, v).length > 0 || !ajvFns.get(id)!(v)) throw new Error(`bench input not valid: ${id}`);
    for (const [id, v] of invalid) if (validate(id, v).length === 0 || ajvFns.get(id)!(v)) throw new Error(`bench input not invalid: ${id}`);

    const vItems = valid.map(([id, v]) => ({ id, v, ajv: ajvFns.get(id)!, ajvAll: ajvAllFns.get(id)!, mk: compiled.get(id)!, tb: bare.get(id)! }));
    const iItems = invalid.map(([id, v]) => ({ id, v, ajv: ajvFns.get(id)!, ajvAll: ajvAllFns.get(id)!, mk: compiled.get(id)!, tb: bare.get(id)! }));
    const n = vItems.length;
    let sink = 0;
    // Contenders run interleaved in short rounds and each keeps its best round, so
    // load from other processes on a shared machine hurts all of them alike.
    const contenders: Record<string, () => void> = {
      ajvValid: () => {
        for (const x of vItems) if (x.ajv(x.v)) sink++;
      },
      mkValid: () => {
        for (const x of vItems) sink += validate(x.id, x.v).length;
      },
      mkCompiledValid: () => {
        for (const x of vItems) sink += x.mk(x.v).length;
      },
      bareValid: () => {
        for (const x of vItems) if (x.tb.Check(x.v)) sink++;
      },
      ajvInvalid: () => {
        for (const x of iItems) if (!x.ajv(x.v)) sink += x.ajv.errors!.length;
      },
      ajvAllInvalid: () => {
        for (const x of iItems) if (!x.ajvAll(x.v)) sink += x.ajvAll.errors!.length;
      },
      mkInvalid: () => {
        for (const x of iItems) sink += validate(x.id, x.v).length;
      },
    };
    const best: Record<string, number> = {};
    const entries = Object.entries(contenders);
    for (let round = 0; round < 8; round++)
      for (let k = 0; k < entries.length; k++) {
        // Rotate the order each round so no contender always follows the same one.
        const [name, fn] = entries[(k + round) % entries.length]!;
        best[name] = Math.max(best[name] ?? 0, throughput(fn, 250) * n);
      }
    if (sink < 0) console.log(sink);
    const { ajvValid, mkValid, mkCompiledValid, bareValid, ajvInvalid, ajvAllInvalid, mkInvalid } = best as Record<string, number> as Record<'ajvValid' | 'mkValid' | 'mkCompiledValid' | 'bareValid' | 'ajvInvalid' | 'ajvAllInvalid' | 'mkInvalid', number>;

    const note = `${n} values over ${ids.length} formats (seeded memkit/arbitraries mix)`;
    const results: BenchResult[] = [
      { name: 'Ajv 2020 + ajv-formats, valid mix', value: ajvValid, unit: 'values/s', note },
      { ...compare('memkit validate(id, value), valid mix', mkValid, 'values/s', 'Ajv', ajvValid, 1.8), note },
      compare('memkit compileValidator(id)(value), valid mix', mkCompiledValid, 'values/s', 'Ajv', ajvValid, 1.8),
      compare('bare TypeBox Compile().Check, valid mix', bareValid, 'values/s', 'Ajv', ajvValid),
      { name: 'Ajv (first error only), invalid mix', value: ajvInvalid, unit: 'values/s', note: 'each value broken in one top-level field' },
      { name: 'Ajv allErrors, invalid mix', value: ajvAllInvalid, unit: 'values/s' },
      { ...compare('memkit validate, invalid mix (all problems, with pointers)', mkInvalid, 'values/s', 'Ajv allErrors', ajvAllInvalid), note: `${(mkInvalid / ajvInvalid).toFixed(2)}x Ajv first-error-only` },
    ];
    return results;
  },
};

export default suite;
