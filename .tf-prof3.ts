import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkRecord, importBundle, sortKey, verifyBundle } from './src/exchange/index.js';
const h = { sha256: (d: Uint8Array) => createHash('sha256').update(d).digest() };
const buf = new Uint8Array(readFileSync('/tmp/b100k.ndjson'));
// fix manifest: counts/digest are for 1M; use verify-less timing of components
const text = new TextDecoder().decode(buf);
const lines = text.split('\n').slice(1, -1);
const t = async (name: string, fn: () => unknown) => { const s = performance.now(); await fn(); console.log(name, (performance.now() - s).toFixed(0)); };
const enc = new TextEncoder();
const bl = lines.map((l) => enc.encode(l));
const dec = new TextDecoder('utf-8', { fatal: true });
for (let k = 0; k < 2; k++) {
await t('anchor parse+hash', () => { for (const b of bl) { h.sha256(b); JSON.parse(dec.decode(b)); } });
await t('parse', () => { for (const b of bl) JSON.parse(dec.decode(b)); });
const objs = lines.map((l) => JSON.parse(l));
await t('checkRecord', () => { for (const o of objs) checkRecord(2, o); });
await t('sortKey', () => { for (const o of objs) sortKey(o); });
await t('async-per-line', async () => { const f = async (x: unknown) => x; for (const o of objs) await f(o); });
}
let n = 0;
await t('verifyBundle (fails at end on digest)', async () => { const r = await verifyBundle(buf, { env: { hasher: h } }); n = r.ok ? 0 : r.problems.length; });
console.log(n);
