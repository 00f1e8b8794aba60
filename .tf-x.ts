import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { FactV2, isPlainDateTime } from './src/exchange/index.js';
const o = { created_at: '2026-02-01T10:00:00Z', id: 'fact-0000001', source: null, tags: ['bench', 'odd'], text: 'Fact 1: the build of module', type: 'Fact', updated_at: '2026-02-18T08:15:00Z' };
const { properties, ...opts } = FactV2 as any;
const plainSchema = { ...opts, properties: { ...properties, created_at: Type.String(), updated_at: Type.String() } };
const p1 = Compile(plainSchema);
const p2 = Compile(Type.Object({ ...FactV2.properties, created_at: Type.String(), updated_at: Type.String() }, { additionalProperties: false }));
const N = 200000;
for (let k = 0; k < 2; k++) {
let s = performance.now(); for (let i = 0; i < N; i++) p1.Check(o); console.log('p1', (performance.now() - s).toFixed(0));
s = performance.now(); for (let i = 0; i < N; i++) p2.Check(o); console.log('p2', (performance.now() - s).toFixed(0));
s = performance.now(); for (let i = 0; i < N; i++) { isPlainDateTime(o.created_at); isPlainDateTime(o.updated_at); } console.log('dates', (performance.now() - s).toFixed(0));
}
console.log((p1 as any).Code?.().slice(0, 600));
