import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { Compile } from 'typebox/compile';
import { arbitraryFor } from './src/arbitraries/index.ts';
import { emitSchemaFiles, getFormat, formatIds, compileValidator, compiledSchemaOf, validate } from './src/schemas/index.ts';
import { throughput } from './bench/harness.ts';
const ajv = new Ajv2020({ strict: true }); (addFormats as any)(ajv);
const schemas = new Map(emitSchemaFiles().filter((f) => f.id).map((f) => [f.id!, JSON.parse(f.text)]));
for (const id of formatIds) {
  const vals = fc.sample(arbitraryFor(id), { numRuns: 50, seed: 1 });
  const a = ajv.compile(schemas.get(id)); const t = Compile(compiledSchemaOf(getFormat(id)!.schema)); const m = compileValidator(id)!;
  let s = 0; let ta = 0, tt = 0, tm = 0, tv = 0;
  for (let r = 0; r < 4; r++) {
    ta = Math.max(ta, throughput(() => { for (const v of vals) if (a(v)) s++; }, 100) * 50);
    tt = Math.max(tt, throughput(() => { for (const v of vals) if (t.Check(v)) s++; }, 100) * 50);
    tm = Math.max(tm, throughput(() => { for (const v of vals) s += m(v).length; }, 100) * 50);
    tv = Math.max(tv, throughput(() => { for (const v of vals) s += validate(id, v).length; }, 100) * 50);
  }
  console.log(id.padEnd(24), Math.round(ta), Math.round(tt), Math.round(tm), Math.round(tv), (tt / ta).toFixed(2), (tm / ta).toFixed(2), (tv / ta).toFixed(2));
}
