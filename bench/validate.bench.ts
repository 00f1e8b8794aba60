// memkit `validate` against Ajv (2020 build + ajv-formats) compiled from the emitted
// schemas, on the same inputs, in one run. Inputs come from memkit/arbitraries with a
// fixed seed: a realistic mix of valid entries across formats, and the same entries
// each broken in one place.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { Compile } from 'typebox/compile';
import { arbitraryFor } from '../src/schema/arbitraries/index.js';
import { type SchemaId, compileValidator, emitSchemaFiles, getFormat, validate } from '../src/schema/index.js';
import { type BenchResult, type BenchSuite, throughput } from './harness.js';

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
  for (const [id, n] of Object.entries(MIX)) for (const v of fc.sample(arbitraryFor(id as SchemaId), { numRuns: n, seed: seed++ })) valid.push([id, v]);
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
  // Ajv's and TypeBox's generated code is optimised differently from one process to the next.
  processes: 3,
  async run() {
    const { valid, invalid } = makeInputs();
    const schemas = new Map(
      emitSchemaFiles()
        .filter((f) => f.id)
        .map((f) => [f.id!, JSON.parse(f.text) as object]),
    );
    const ajv = new Ajv2020({ strict: true });
    addFormats(ajv);
    const ajvAll = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajvAll);
    const ids = Object.keys(MIX);
    const ajvFns = new Map(ids.map((id) => [id, ajv.compile(schemas.get(id)!)]));
    const ajvAllFns = new Map(ids.map((id) => [id, ajvAll.compile(schemas.get(id)!)]));
    const compiled = new Map(ids.map((id) => [id, compileValidator(id)!]));
    const bare = new Map(ids.map((id) => [id, Compile(getFormat(id)!.schema)]));
    // The schema's problems alone (no format rules, no conventions): what Ajv's allErrors reports.
    const schemaOnly = new Map(ids.map((id) => [id, compileValidator(id, { semantic: false })!]));

    // Sanity: both sides agree on every input before anything is timed.
    for (const [id, v] of valid) if (validate(id, v).length > 0 || !ajvFns.get(id)!(v)) throw new Error(`bench input not valid: ${id}`);
    for (const [id, v] of invalid) if (validate(id, v).length === 0 || ajvFns.get(id)!(v)) throw new Error(`bench input not invalid: ${id}`);
    for (const [id, v] of invalid) if (schemaOnly.get(id)!(v).length === 0) throw new Error(`bench input has no schema problem: ${id}`);

    const vItems = valid.map(([id, v]) => ({ id, v, ajv: ajvFns.get(id)!, ajvAll: ajvAllFns.get(id)!, mk: compiled.get(id)!, tb: bare.get(id)! }));
    const iItems = invalid.map(([id, v]) => ({ id, v, ajv: ajvFns.get(id)!, ajvAll: ajvAllFns.get(id)!, mk: compiled.get(id)!, tb: bare.get(id)!, schema: schemaOnly.get(id)! }));
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
      mkInvalidSchema: () => {
        for (const x of iItems) sink += x.schema(x.v).length;
      },
    };
    // Contenders run interleaved in short rounds (order rotated each round). Throughput
    // is each contender's best round; ratios are the median of per-round ratios, so
    // load from other processes on a shared machine cancels out of them.
    const rounds: Record<string, number>[] = [];
    const entries = Object.entries(contenders);
    for (let round = 0; round < 12; round++) {
      const r: Record<string, number> = {};
      for (let k = 0; k < entries.length; k++) {
        const [name, fn] = entries[(k + round) % entries.length]!;
        r[name] = throughput(fn, 150) * n;
      }
      rounds.push(r);
    }
    if (sink < 0) console.log(sink);
    const best = (name: string) => Math.max(...rounds.map((r) => r[name]!));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = (name: string, anchor: string) => median(rounds.map((r) => r[name]! / r[anchor]!));
    const vs = (label: string, name: string, anchorLabel: string, anchor: string, target?: number): BenchResult => {
      const rr = ratio(name, anchor);
      const res: BenchResult = { name: label, value: best(name), unit: 'values/s', anchor: { name: anchorLabel, value: best(anchor) }, ratio: rr };
      if (target !== undefined) Object.assign(res, { target: `>= ${target}x ${anchorLabel}`, met: rr >= target });
      return res;
    };

    const note = `${n} values over ${ids.length} formats (seeded memkit/arbitraries mix); ratio = median of 12 paired rounds`;
    const results: BenchResult[] = [
      { name: 'Ajv 2020 + ajv-formats, valid mix', value: best('ajvValid'), unit: 'values/s', note },
      vs('memkit validate(id, value), valid mix', 'mkValid', 'Ajv', 'ajvValid', 1.8),
      vs('memkit compileValidator(id)(value), valid mix', 'mkCompiledValid', 'Ajv', 'ajvValid', 1.8),
      vs('bare TypeBox Compile().Check of the emitted schema, valid mix', 'bareValid', 'Ajv', 'ajvValid'),
      { name: 'Ajv (first error only), invalid mix', value: best('ajvInvalid'), unit: 'values/s', note: 'each value broken in one top-level field' },
      { name: 'Ajv allErrors, invalid mix', value: best('ajvAllInvalid'), unit: 'values/s' },
      {
        ...vs('memkit validate, invalid mix (all problems, with pointers)', 'mkInvalid', 'Ajv allErrors', 'ajvAllInvalid', 0.5),
        note: `${ratio('mkInvalid', 'ajvInvalid').toFixed(2)}x Ajv first-error-only`,
      },
      {
        ...vs('memkit validate, invalid mix, schema problems only (no format rules or conventions), informational', 'mkInvalidSchema', 'Ajv allErrors', 'ajvAllInvalid'),
        note: "what Ajv reports; the difference to the figure above is the format's rules and memkit's conventions, which every invalid value also runs",
      },
    ];
    return results;
  },
};

export default suite;
