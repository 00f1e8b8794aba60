import { bigStore } from './threads.bench.js';
import { checkThreadStore } from '../src/threads/index.js';
const size = Number(process.argv[2]);
const x = JSON.parse(JSON.stringify(bigStore(size)));
const reps = size === 10000 ? 1000 : 100;
for (let k = 0; k < 10; k++) checkThreadStore(x);
const t = performance.now();
for (let k = 0; k < reps; k++) checkThreadStore(x);
console.log(size, ((performance.now() - t) / reps).toFixed(2), 'ms');
