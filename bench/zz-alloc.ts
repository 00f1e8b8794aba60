import { bigStore } from './threads.bench.js';
import { checkThreadStore } from '../src/threads/index.js';
const small = bigStore(10_000), large = bigStore(100_000);
const [s, l] = [small, large].map((x) => JSON.parse(JSON.stringify(x)));
for (let k = 0; k < 5; k++) { checkThreadStore(s); checkThreadStore(l); }
const v8 = await import('node:v8');
for (const [name, x, n] of [['10k', s, 50], ['100k', l, 5]] as const) {
  globalThis.gc!();
  const before = process.memoryUsage().heapUsed;
  const hs0 = v8.getHeapStatistics();
  // measure allocation using total_allocated? use heap stats after each run without gc
  let alloc = 0;
  for (let i = 0; i < n; i++) {
    globalThis.gc!();
    const a = v8.getHeapStatistics().used_heap_size;
    checkThreadStore(x);
    const b = v8.getHeapStatistics().used_heap_size;
    alloc += b - a;
  }
  console.log(name, 'approx alloc per check MB', (alloc / n / 1e6).toFixed(2));
}
