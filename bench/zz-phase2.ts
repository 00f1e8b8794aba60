import { bigStore } from './threads.bench.js';
import { checkThreadStore, PH } from './zz-check.js';
const small = bigStore(10_000), large = bigStore(100_000);
const [s, l] = [small, large].map((x) => JSON.parse(JSON.stringify(x)));
const mode = process.argv[2] ?? 'parsed';
const b = mode === 'parsed' ? l : large;
for (let k = 0; k < 10; k++) { checkThreadStore(b); }
const rows: string[] = [];
for (let k = 0; k < 12; k++) { PH.acc.clear(); checkThreadStore(b); rows.push([...PH.acc].map(([k, v]) => `${k.slice(0,6)} ${v.toFixed(1)}`).join(' ')); }
console.log(rows.join('\n'));
