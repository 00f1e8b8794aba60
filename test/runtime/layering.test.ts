// The source and the built package keep their layering promises (DESIGN §2): on src/, imports
// point one way and only node/ and cli/ import Node built-ins; on dist/, no entry a
// browser loads imports a Node built-in (so `node:fs` slipping into core fails
// CI), and the core `memkit` entry never reaches SQLite or any WASM, neither in
// its static module graph nor at run time in Node.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROOT, requireBuilt } from './packed.js';

/** Entries that may use Node built-ins by design. */
const NODE_ENTRIES = new Set(['node', 'cli/main']);
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

/**
 * The layers of src/ from the bottom: a folder may import its own layer or a
 * lower one. `cli → {mcp, check, git} → {adapters, node, exchange, ledger, wbs,
 * threads, arbitraries} → formats → {store, parse, canonical, graph} → schemas → problems`.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['problems'],
  ['schemas'],
  ['store', 'parse', 'canonical', 'graph'],
  ['formats'],
  ['adapters', 'node', 'exchange', 'ledger', 'wbs', 'threads', 'arbitraries'],
  ['check', 'git', 'mcp'],
  ['cli'],
];
const rank = new Map(LAYERS.flatMap((folders, i) => folders.map((f) => [f, i] as const)));
/** Known upward imports, each with its reason; a new one fails the test until it is justified here. */
const UPWARD_ALLOWED = new Set([
  // memkit/node implements the checker's file port (CheckSource) over a real directory.
  'node -> check',
]);
/** Folders only the CLI may import (DESIGN: core folders never import adapters/, node/, mcp/ or cli/). */
const CLI_ONLY = new Set(['adapters', 'node', 'mcp', 'cli']);

interface SrcImport {
  /** File, relative to src/. */
  file: string;
  /** Its top folder under src/ (`''` for src/index.ts). */
  folder: string;
  specifier: string;
  /** For a relative import: the top folder under src/ it lands in. */
  target?: string;
}

const SRC = join(ROOT, 'src');
const IMPORT = /(?:^|[;\s])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[;\s])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Every static, side-effect and literal dynamic import of every .ts file under src/. */
function srcImports(): SrcImport[] {
  const out: SrcImport[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) {
        const file = relative(SRC, p).split('\\').join('/');
        const folder = file.includes('/') ? file.slice(0, file.indexOf('/')) : '';
        for (const m of readFileSync(p, 'utf8').matchAll(IMPORT)) {
          const specifier = (m[1] ?? m[2] ?? m[3])!;
          const target = specifier.startsWith('.')
            ? relative(SRC, resolve(dirname(p), specifier))
                .split('\\')
                .join('/')
                .split('/')[0]
            : undefined;
          out.push({ file, folder, specifier, ...(target === undefined ? {} : { target }) });
        }
      }
    }
  };
  walk(SRC);
  return out;
}

describe('layering of src/', () => {
  const imports = srcImports();
  const isBuiltin = (s: string) => s.startsWith('node:') || builtins.has(s.split('/')[0]!);

  it('reads the imports (not vacuous): node/ imports node:fs, check/ imports formats/', () => {
    expect(imports.some((i) => i.folder === 'node' && i.specifier.startsWith('node:fs'))).toBe(true);
    expect(imports.some((i) => i.folder === 'check' && i.target === 'formats')).toBe(true);
    expect(imports.length).toBeGreaterThan(300);
  });

  it('no module outside src/node/ and src/cli/ imports a Node built-in', () => {
    const offending = imports.filter((i) => isBuiltin(i.specifier) && i.folder !== 'node' && i.folder !== 'cli').map((i) => `${i.file}: ${i.specifier}`);
    expect(offending).toEqual([]);
  });

  it('every folder under src/ has a layer', () => {
    const folders = new Set(imports.map((i) => i.folder).filter((f) => f !== ''));
    expect([...folders].filter((f) => !rank.has(f))).toEqual([]);
  });

  it('imports point down the layers (or stay in their own)', () => {
    const offending = imports
      .filter((i) => i.target !== undefined && i.folder !== '' && i.target !== i.folder && rank.has(i.target))
      .filter((i) => rank.get(i.target!)! > rank.get(i.folder)! && !UPWARD_ALLOWED.has(`${i.folder} -> ${i.target}`))
      .map((i) => `${i.file} -> ${i.specifier}`);
    expect(offending).toEqual([]);
  });

  it('formats/ imports none of check/, cli/, node/, adapters/ (nor the layers above it); graph/ imports nothing of memkit', () => {
    const above = new Set(['check', 'cli', 'node', 'adapters', 'mcp', 'git', 'exchange', 'ledger', 'wbs', 'threads', 'arbitraries']);
    expect(imports.filter((i) => i.folder === 'formats' && i.target !== undefined && above.has(i.target)).map((i) => `${i.file} -> ${i.specifier}`)).toEqual([]);
    expect(imports.filter((i) => i.folder === 'graph' && i.target !== undefined && i.target !== 'graph').map((i) => `${i.file} -> ${i.specifier}`)).toEqual([]);
  });

  it('only the CLI imports adapters/, node/, mcp/ or cli/', () => {
    const offending = imports.filter((i) => i.target !== undefined && CLI_ONLY.has(i.target) && i.target !== i.folder && i.folder !== 'cli').map((i) => `${i.file} -> ${i.specifier}`);
    expect(offending).toEqual([]);
  });
});
