import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { importBundle } from './src/exchange/index.js';
const h = { sha256: (d: Uint8Array) => createHash('sha256').update(d).digest() };
const path = 'bench/data/exchange-1m.ndjson';
const N = 1_000_000;
async function anchor(hwm: number) {
  const s = performance.now();
  let rest = new Uint8Array(0); let x = 0; const dec = new TextDecoder();
  for await (const chunk of createReadStream(path, { highWaterMark: hwm })) {
    const buf = new Uint8Array(rest.length + chunk.length); buf.set(rest); buf.set(chunk, rest.length);
    let start = 0;
    for (let nl = buf.indexOf(10); nl >= 0; nl = buf.indexOf(10, start)) { const line = buf.subarray(start, nl); x += h.sha256(line)[0]! + ((JSON.parse(dec.decode(line)) as any).type ?? '').length; start = nl + 1; }
    rest = buf.slice(start);
  }
  return performance.now() - s;
}
async function mine() {
  const s = performance.now(); let puts = 0;
  const r = await importBundle(() => createReadStream(path, { highWaterMark: 1 << 16 }), { records: { get: () => undefined, put: () => void puts++, list: () => [] } }, { env: { hasher: h } });
  if (!r.ok) throw new Error('x');
  return performance.now() - s;
}
console.log('anchor 1M hwm', (await anchor(1 << 20)).toFixed(0));
console.log('anchor 64k hwm', (await anchor(1 << 16)).toFixed(0));
console.log('mine', (await mine()).toFixed(0));
console.log('anchor 1M hwm', (await anchor(1 << 20)).toFixed(0));
