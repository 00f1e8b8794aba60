import { bigStore } from './threads.bench.js';
import { checkThreadStore, PH } from './zz-check.js';
const small = bigStore(10_000), large = bigStore(100_000);
const [s, l] = [small, large].map((x) => JSON.parse(JSON.stringify(x)));
const mode = process.argv[2] ?? 'parsed';
const [a, b] = mode === 'parsed' ? [s, l] : [small, large];
for (let k = 0; k < 10; k++) { checkThreadStore(a); checkThreadStore(b); }
const res: Record<string, [number, number]> = {};
for (let round = 0; round < 5; round++) {
  for (const [x, reps, idx] of [[a, 90, 0], [b, 9, 1]] as const) {
    PH.acc.clear();
    for (let k = 0; k < reps; k++) checkThreadStore(x);
    for (const [k, v] of PH.acc) { res[k] ??= [0, 0]; res[k][idx] += v / reps / 5; }
  }
}
let t0 = 0, t1 = 0;
for (const [k, [x, y]] of Object.entries(res)) { t0 += x; t1 += y; console.log(k.padEnd(16), x.toFixed(3), y.toFixed(2), (y / x).toFixed(1)); }
console.log('total'.padEnd(16), t0.toFixed(3), t1.toFixed(2), (t1 / t0).toFixed(2));
