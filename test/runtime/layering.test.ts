// The built package keeps its layering promises (the layers of src/ are checked in
// test/architecture/imports.test.ts): on dist/, no entry a browser loads imports a Node
// built-in (so `node:fs` slipping into core fails CI), and the core `memkit` entry never
// reaches SQLite or any WASM, neither in its static module graph nor at run time in Node.
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROOT, requireBuilt } from './packed.js';

/** The entries a browser may load: every entry but memkit/node and the CLI, which use Node built-ins by design. */
const BROWSER_ENTRIES = ['index', 'schemas', 'ledger', 'wbs', 'threads', 'exchange', 'store', 'check', 'sqlite', 'postgres', 'git', 'mcp', 'arbitraries'];
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

interface Graph {
  /** dist files reached (relative to the repo). */
  files: string[];
  /** Every import leaving dist/: specifier and how it is imported. */
  external: { specifier: string; kind: string; from: string }[];
}

/** The module graph of one built entry, as a bundler parses it (dependencies left external). */
async function graphOf(entry: string): Promise<Graph> {
  requireBuilt();
  const { metafile } = await build({
    entryPoints: [join(ROOT, 'dist', `${entry}.js`)],
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    packages: 'external',
    external: ['node:*'],
    outfile: join(ROOT, '.tmp/graph.js'),
    logLevel: 'silent',
  });
  const files = Object.keys(metafile.inputs);
  const external = files.flatMap((from) => metafile.inputs[from]!.imports.filter((i) => i.external).map((i) => ({ specifier: i.original ?? i.path, kind: i.kind, from })));
  return { files, external };
}

describe('layering of the built package', () => {
  it('lists every tsup entry here (a new entry must be classified)', async () => {
    const { entries } = await import(pathToFileURL(join(ROOT, 'tsup.config.ts')).href).catch(() => ({ entries: undefined }));
    if (entries) expect(Object.keys(entries).sort()).toEqual([...BROWSER_ENTRIES, 'node'].sort());
  });

  for (const entry of BROWSER_ENTRIES) {
    it(`dist/${entry}.js and its chunks import no Node built-in`, async () => {
      const g = await graphOf(entry);
      expect(g.files).toContain(`dist/${entry}.js`);
      const offending = g.external.filter((i) => builtins.has(i.specifier) || i.specifier.startsWith('node:'));
      expect(offending, `Node built-ins reached from dist/${entry}.js (only memkit/node and the CLI may use them)`).toEqual([]);
    });
  }

  it('the check sees Node built-ins where they are meant to be (dist/node.js), so it is not vacuous', async () => {
    const g = await graphOf('node');
    expect(g.external.some((i) => i.specifier.startsWith('node:'))).toBe(true);
  });

  it('the core graph (dist/index.js) reaches no SQLite, no WASM, no adapter', async () => {
    const g = await graphOf('index');
    const deps = [...new Set(g.external.map((i) => i.specifier))].sort();
    expect(deps.filter((d) => /sqlite|sql\.js|wasm/i.test(d))).toEqual([]);
    expect(g.files.filter((f) => /\.wasm$/.test(f))).toEqual([]);
    // Core's dependencies are the light ones the design names, and micromark's own character
    // reference decoders (two of its dependencies, used as micromark uses them).
    for (const d of deps)
      expect(d, `unexpected core dependency ${d}`).toMatch(/^(typebox|yaml|micromark|micromark-util-decode-numeric-character-reference|decode-named-character-reference|smol-toml)(\/|$)/);
  });

  it('importing memkit in Node loads no SQLite module and reads no .wasm file', () => {
    requireBuilt();
    const hooks = `export async function load(url, context, next) {
  if (/sqlite|\\.wasm/i.test(url)) console.log('LOADED ' + url);
  return next(url, context);
}`;
    const script = `import { register } from 'node:module';
import fs from 'node:fs';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}));
for (const name of ['readFileSync', 'readFile', 'openSync', 'createReadStream'])
  { const orig = fs[name]; fs[name] = function (p, ...rest) { if (/\\.wasm/i.test(String(p))) console.log('READ ' + p); return orig.call(this, p, ...rest); }; }
const core = await import('memkit');
const problems = core.validate('thread', {});
console.log('problems ' + problems.length);`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(out.split('\n').filter((l) => l.startsWith('LOADED') || l.startsWith('READ'))).toEqual([]);
    expect(out).toMatch(/problems [1-9]/);
  });
});
