import { bigStore } from './threads.bench.js';
import { checkThreadStore } from '../src/threads/index.js';
for (const size of [10000, 100000]) {
  const x = JSON.parse(JSON.stringify(bigStore(size)));
  for (let k = 0; k < 10; k++) checkThreadStore(x);
  const reps = size === 10000 ? 200 : 20;
  const r0 = process.resourceUsage();
  const t = performance.now();
  for (let k = 0; k < reps; k++) checkThreadStore(x);
  const ms = (performance.now() - t) / reps;
  const r1 = process.resourceUsage();
  console.log(size, ms.toFixed(2), 'ms; minor faults/check', ((r1.minorPageFault - r0.minorPageFault) / reps).toFixed(0), 'vol/invol ctx', r1.voluntaryContextSwitches - r0.voluntaryContextSwitches, r1.involuntaryContextSwitches - r0.involuntaryContextSwitches);
}
