import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { Compile } from 'typebox/compile';
import { arbitraryFor } from './src/arbitraries/index.ts';
import { compileValidator, emitSchemaFiles, getFormat } from './src/schemas/index.ts';
import { throughput } from './bench/harness.ts';
const ajv = new Ajv2020({ strict: true }); (addFormats as any)(ajv);
const schemas = new Map(emitSchemaFiles().filter((f) => f.id).map((f) => [f.id!, JSON.parse(f.text)]));
for (const id of ['decision-log-entry', 'event', 'wbs-task', 'thread-store', 'memory-doc', 'progress-row']) {
  const vals = fc.sample(arbitraryFor(id), { numRuns: 50, seed: 1 });
  const a = ajv.compile(schemas.get(id)); const t = Compile(getFormat(id)!.schema); const m = compileValidator(id)!;
  let s = 0;
  const ta = throughput(() => { for (const v of vals) if (a(v)) s++; }, 500) * 50;
  const tt = throughput(() => { for (const v of vals) if (t.Check(v)) s++; }, 500) * 50;
  const tm = throughput(() => { for (const v of vals) s += m(v).length; }, 500) * 50;
  console.log(id, Math.round(ta), Math.round(tt), Math.round(tm), (tt / ta).toFixed(2), JSON.stringify(vals[0]).length);
}
