import { bigStore } from './threads.bench.js';
const t = (f: () => unknown, reps: number) => { for (let i = 0; i < 5; i++) f(); const s = performance.now(); for (let i = 0; i < reps; i++) f(); return (performance.now() - s) / reps; };
for (const size of [10000, 60000, 70000, 100000]) {
  const x = JSON.parse(JSON.stringify(bigStore(size)));
  const names = Object.getOwnPropertyNames(x.threads);
  const g = t(() => Object.getOwnPropertyNames(x.threads), size < 50000 ? 200 : 30);
  const k = t(() => Object.keys(x.threads), size < 50000 ? 200 : 30);
  const e = t(() => { let c = 0; for (const n of names) if (Object.prototype.propertyIsEnumerable.call(x.threads, n)) c++; return c; }, size < 50000 ? 200 : 30);
  const fi = t(() => { let c = 0; for (const n in x.threads) c++; return c; }, size < 50000 ? 200 : 30);
  const rd = t(() => { let c = 0; for (const n of names) if (x.threads[n] !== undefined) c++; return c; }, size < 50000 ? 200 : 30);
  console.log(size, names.length, 'gopn', g.toFixed(3), 'keys', k.toFixed(3), 'isEnum', e.toFixed(3), 'forin', fi.toFixed(3), 'read', rd.toFixed(3));
}
