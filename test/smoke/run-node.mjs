// Runs the smoke suite in Node against the built package (resolved through the
// package's own `exports`, by name) and writes .tmp/smoke/node.json, the result
// that the Deno and Chromium runs must equal. Exits 1 when a section failed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { SMOKE_SUBPATHS, smoke, smokeFailures } from './smoke.js';

const mods = {};
for (const name of SMOKE_SUBPATHS) mods[name] = await import(name === 'core' ? 'memkit' : `memkit/${name}`);
mods.fc = await import('fast-check');
const result = JSON.parse(JSON.stringify(await smoke(mods)));
const out = new URL('../../.tmp/smoke/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('node.json', out), JSON.stringify(result, null, 2) + '\n');
const failures = smokeFailures(result);
for (const f of failures) console.error(`smoke (node): ${f}`);
console.log(`node smoke: ${Object.keys(result.sections).length} sections, skipped: ${result.skipped.join(', ') || 'none'}`);
if (failures.length) process.exitCode = 1;
