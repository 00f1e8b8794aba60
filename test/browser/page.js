// Runs in Chromium. `?mode=smoke` loads every browser subpath of memkit and
// runs the shared smoke suite; `?mode=core` imports only `memkit` and
// validates one document (the test checks no .wasm was fetched); `?mode=consumer`
// runs the consumer job of test/consumer/programs/anywhere.mjs. The outcome
// is left in `window.__memkit` for the test to read.
import { SMOKE_SUBPATHS, smoke } from '/test/smoke/smoke.js';
import { samples } from '/test/smoke/samples.js';

const params = new URLSearchParams(location.search);
const config = JSON.parse(document.getElementById('config').textContent);

let evalAllowed;
try {
  evalAllowed = new Function('return true')();
} catch {
  evalAllowed = false;
}

async function main() {
  if (params.get('mode') === 'core') {
    const core = await import('memkit');
    return {
      evalAllowed,
      valid: core.validate('memory-doc', samples['memory-doc']),
      invalid: core.validate('memory-doc', { ...samples['memory-doc'], kind: 'nope' }).map((p) => `${p.code} ${p.pointer}`),
    };
  }
  if (params.get('mode') === 'consumer') {
    const { consumerJob } = await import('/test/consumer/programs/anywhere.mjs');
    return { evalAllowed, summary: await consumerJob() };
  }
  const loaded = {};
  for (const spec of config.subpaths) loaded[spec] = Object.keys(await import(spec)).length;
  const mods = {};
  for (const name of SMOKE_SUBPATHS) mods[name] = await import(name === 'core' ? 'memkit' : `memkit/${name}`);
  mods.fc = await import('fast-check');
  return { evalAllowed, loaded, result: JSON.parse(JSON.stringify(await smoke(mods))) };
}

main().then(
  (value) => (window.__memkit = { ok: true, value }),
  (e) => (window.__memkit = { ok: false, error: `${e?.name}: ${e?.message}\n${e?.stack}` }),
);
