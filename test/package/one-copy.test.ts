// #33.4: the CommonJS build inlined a copy of the library into every entry, so
// `require('memkit').validate !== require('memkit/schemas').validate` and an
// error thrown by one entry was no `instanceof MemkitError` of another. The
// entries are loaded here as a consumer loads them, by package name (the
// package's self-reference resolves `exports` to the built dist/), each module
// system in a fresh Node process.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, moduleSubpaths, specifier } from '../runtime/packed.js';

/** What the probe reports for one module system. */
interface Probe {
  /** Names exported by two or more entries, with the entries and whether every entry gives the same value. */
  shared: { name: string; entries: string[]; same: boolean }[];
  /** For each entry that throws one, whether its error is an `instanceof` the core entry's `MemkitError`. */
  thrown: Record<string, { code: string; instance: boolean }>;
}

// Loads every entry, then makes `memkit` and three other entries throw a MemkitError.
const probe = (load: string) => `
const specs = ${JSON.stringify(moduleSubpaths().map(specifier))};
const mods = {};
for (const s of specs) mods[s] = ${load}(s);
const owners = new Map();
for (const [s, m] of Object.entries(mods))
  for (const k of Object.keys(m)) if (k !== 'default') owners.set(k, [...(owners.get(k) ?? []), s]);
const shared = [...owners]
  .filter(([, e]) => e.length > 1)
  .map(([name, entries]) => ({ name, entries, same: entries.every((s) => mods[s][name] === mods[entries[0]][name]) }));
const { MemkitError } = mods['memkit'];
const thrown = {};
const attempt = async (entry, f) => {
  try { await f(mods[entry]); thrown[entry] = { code: 'none', instance: false }; }
  catch (e) { thrown[entry] = { code: e?.problems?.[0]?.code ?? String(e), instance: e instanceof MemkitError }; }
};
await attempt('memkit', (m) => m.parseFrontmatterOrThrow('---\\n: [\\n---\\n'));
await attempt('memkit/store', (m) => m.memoryStore().toBytes());
await attempt('memkit/node', (m) => m.nodeFiles(process.cwd()).read('../outside.md'));
await attempt('memkit/arbitraries', (m) => m.arbitraryFor('not-a-format'));
process.stdout.write(JSON.stringify({ shared, thrown }));
`;

const run = (kind: 'cjs' | 'esm'): Probe => {
  const body = kind === 'cjs' ? `(async () => {${probe('require')}})();` : probe('await import');
  const out = execFileSync(process.execPath, [`--input-type=${kind === 'cjs' ? 'commonjs' : 'module'}`, '-e', body], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out) as Probe;
};

const results: Partial<Record<'cjs' | 'esm', Probe>> = {};

beforeAll(() => {
  for (const f of ['index.js', 'index.cjs']) {
    if (!existsSync(join(ROOT, 'dist', f))) throw new Error(`dist/${f} is missing: run \`npm run build\` first (npm test does).`);
  }
  results.cjs = run('cjs');
  results.esm = run('esm');
});

describe('one copy of the library across entries', () => {
  for (const kind of ['cjs', 'esm'] as const) {
    const system = kind === 'cjs' ? 'CommonJS require' : 'ESM import';

    it(`${system}: validate and the registry functions that memkit and memkit/schemas both export are one value`, () => {
      const shared = new Map(results[kind]!.shared.map((s) => [s.name, s]));
      for (const name of ['validate', 'compileValidator', 'parseFormat', 'isSchemaId', 'formatIds']) {
        expect(shared.get(name)?.entries, name).toEqual(expect.arrayContaining(['memkit', 'memkit/schemas']));
        expect(shared.get(name)?.same, `${name} is the same value in every entry`).toBe(true);
      }
    });

    it(`${system}: an error thrown by any entry is instanceof the MemkitError of memkit`, () => {
      const { thrown } = results[kind]!;
      expect(Object.keys(thrown)).toHaveLength(4);
      for (const [entry, t] of Object.entries(thrown)) {
        expect(t.code, `${entry} throws a MemkitError with a code`).toMatch(/^[a-z]+\.[a-z-]+$/);
        expect(t.instance, `${entry}: ${t.code} instanceof MemkitError`).toBe(true);
      }
    });
  }

  // ESM shares modules by construction, so it is the reference: a name two
  // entries export as one value there (not, say, two same-named functions made
  // on purpose for two entries) must be one value under require too.
  it('CommonJS shares what ESM shares: the same names, each one value in both', () => {
    const view = (p: Probe) => p.shared.map((s) => `${s.name} (${s.entries.join(', ')}): ${s.same ? 'one value' : 'distinct'}`).sort();
    expect(view(results.cjs!)).toEqual(view(results.esm!));
  });
});
