import { bigStore } from './threads.bench.js';
import { checkThreadStore } from '../src/threads/index.js';
const small = bigStore(10_000), large = bigStore(100_000);
const [s, l] = [small, large].map((x) => JSON.parse(JSON.stringify(x)));
const junk = new Int32Array(96 << 18); // 96 MB
let sink = 0;
const flush = () => { for (let i = 0; i < junk.length; i += 16) { junk[i] = junk[i]! + 1; } sink += junk[7]!; };
const cold = (f: () => unknown) => { flush(); const t = performance.now(); f(); return performance.now() - t; };
const warm = (f: () => unknown) => { const t = performance.now(); f(); return performance.now() - t; };
const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
for (let k = 0; k < 10; k++) { checkThreadStore(s); checkThreadStore(l); checkThreadStore(small); checkThreadStore(large); }
for (const [name, a, b] of [['parsed', s, l], ['built', small, large]] as const) {
  for (const [mode, m] of [['cold', cold], ['warm', warm]] as const) {
    const ratios: number[] = []; const ss: number[] = []; const ls: number[] = [];
    for (let r = 0; r < 9; r++) {
      const x = med(Array.from({ length: 9 }, () => m(() => checkThreadStore(a))));
      const y = med(Array.from({ length: 3 }, () => m(() => checkThreadStore(b))));
      ss.push(x); ls.push(y); ratios.push(y / x);
    }
    console.log(name, mode, med(ss).toFixed(2), med(ls).toFixed(1), med(ratios).toFixed(2), Math.min(...ratios).toFixed(1), Math.max(...ratios).toFixed(1));
  }
}
const flushT = warm(flush); console.log('flush ms', flushT.toFixed(1), sink > 0);
