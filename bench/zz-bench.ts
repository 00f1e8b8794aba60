import { bigStore } from './threads.bench.js';
import { checkThreadStore } from '../src/threads/index.js';
import { scaling, spread, parsedScaling } from './harness.js';
const small = bigStore(10_000), large = bigStore(100_000);
for (let k = 0; k < 5; k++) { checkThreadStore(small); checkThreadStore(large); }
console.log('=== built');
const b = scaling(() => checkThreadStore(small), () => checkThreadStore(large));
console.log('built', b.small.toFixed(2), b.large.toFixed(1), b.ratio.toFixed(2), spread(b));
console.log('=== parsed');
const r = parsedScaling('p', (x: any) => checkThreadStore(x), small, large);
console.log(r.value.toFixed(2), r.note);
