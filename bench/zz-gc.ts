import { bigStore } from './threads.bench.js';
import { checkThreadStore } from '../src/threads/index.js';
import { scaling, spread } from './harness.js';
const small = bigStore(10_000), large = bigStore(100_000);
const [s, l] = [small, large].map((x) => JSON.parse(JSON.stringify(x)));
for (let k = 0; k < 5; k++) { checkThreadStore(s); checkThreadStore(l); checkThreadStore(small); checkThreadStore(large); }
const p = scaling(() => checkThreadStore(s), () => checkThreadStore(l));
console.log('parsed', p.small.toFixed(2), p.large.toFixed(1), p.ratio.toFixed(2), spread(p));
const b = scaling(() => checkThreadStore(small), () => checkThreadStore(large));
console.log('built', b.small.toFixed(2), b.large.toFixed(1), b.ratio.toFixed(2), spread(b));
