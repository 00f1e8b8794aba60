import { createHash } from 'node:crypto';
import { BundleDigest, isSchemaValid, FactV2 } from './src/exchange/index.js';
import { jsHasher } from './src/canonical/index.js';
const h = { sha256: (d: Uint8Array) => createHash('sha256').update(d).digest() };
const N = 100000;
const fact = (i: number) => ({ created_at: '2026-02-01T10:00:00Z', id: 'fact-' + String(i).padStart(7, '0'), source: i % 3 === 0 ? null : 'docs/notes.md', tags: ['bench', i % 2 === 0 ? 'even' : 'odd'], text: `Fact ${i}: the build of module ${i % 97} takes ${i % 1000} ms on two cores.`, type: 'Fact' as const, updated_at: '2026-02-18T08:15:00Z' });
const lines = Array.from({ length: N }, (_, i) => JSON.stringify(fact(i)));
const enc = new TextEncoder();
const t = (name: string, fn: () => void) => { const s = performance.now(); fn(); console.log(name, (performance.now() - s).toFixed(0)); };
for (let k = 0; k < 2; k++) {
t('anchor-hash', () => { for (const l of lines) h.sha256(enc.encode(l)); });
const d = new BundleDigest(h);
t('digest', () => { for (const l of lines) d.addText(l); });
t('stringify', () => { for (let i = 0; i < N; i++) JSON.stringify(fact(i)); });
t('valid', () => { for (let i = 0; i < N; i++) isSchemaValid(FactV2, fact(i)); });
t('js-anchor-hash', () => { for (const l of lines) jsHasher.sha256(enc.encode(l)); });
}
