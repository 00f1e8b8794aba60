import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { FactV2 } from './src/schemas/export-v2.js';
const N = 200000;
const o = { created_at: '2026-02-01T10:00:00Z', id: 'fact-0000001', source: null, tags: ['bench', 'odd'], text: 'Fact 1: the build of module', type: 'Fact', updated_at: '2026-02-18T08:15:00Z' };
const a = Compile(FactV2);
const plain = Compile(Type.Object({ ...FactV2.properties, created_at: Type.String(), updated_at: Type.String() }, { additionalProperties: false }));
const re = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
for (let k = 0; k < 2; k++) {
let s = performance.now(); for (let i = 0; i < N; i++) a.Check(o); console.log('full', (performance.now() - s).toFixed(0));
s = performance.now(); for (let i = 0; i < N; i++) plain.Check(o); console.log('no-format', (performance.now() - s).toFixed(0));
s = performance.now(); for (let i = 0; i < N; i++) { re.test(o.created_at); re.test(o.updated_at); } console.log('regex', (performance.now() - s).toFixed(0));
}
console.log(a.Code?.().slice?.(0, 1500));
