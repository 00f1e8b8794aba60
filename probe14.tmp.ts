import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { Compile } from 'typebox/compile';
import { arbitraryFor } from './src/arbitraries/index.ts';
import { emitSchemaFiles, getFormat, formatIds } from './src/schemas/index.ts';
import { throughput } from './bench/harness.ts';
const ajv = new Ajv2020({ strict: true }); (addFormats as any)(ajv);
const schemas = new Map(emitSchemaFiles().filter((f) => f.id).map((f) => [f.id!, JSON.parse(f.text)]));
for (const id of formatIds) {
  const vals = fc.sample(arbitraryFor(id), { numRuns: 50, seed: 1 });
  const a = ajv.compile(schemas.get(id)); const t = Compile(getFormat(id)!.schema);
  let s = 0; let ta = 0, tt = 0;
  for (let r = 0; r < 4; r++) {
    ta = Math.max(ta, throughput(() => { for (const v of vals) if (a(v)) s++; }, 150) * 50);
    tt = Math.max(tt, throughput(() => { for (const v of vals) if (t.Check(v)) s++; }, 150) * 50);
  }
  console.log(id.padEnd(24), Math.round(ta), Math.round(tt), (tt / ta).toFixed(2));
}
