import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Options, defineConfig } from 'tsup';

const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string;
const define = { __MEMKIT_VERSION__: JSON.stringify(version) };

/** Public entry points; keep in step with `exports` in package.json. */
export const entries = {
  index: 'src/index.ts',
  schemas: 'src/schema/index.ts',
  ledger: 'src/services/ledger/index.ts',
  wbs: 'src/services/wbs/index.ts',
  threads: 'src/services/threads/index.ts',
  exchange: 'src/services/exchange/index.ts',
  store: 'src/services/store/index.ts',
  check: 'src/engine/index.ts',
  sqlite: 'src/adapters/sqlite/index.ts',
  node: 'src/adapters/node/index.ts',
  postgres: 'src/adapters/postgres/index.ts',
  git: 'src/git.ts',
  mcp: 'src/surfaces/mcp/index.ts',
  arbitraries: 'src/schema/arbitraries/index.ts',
};

// typebox and micromark ship ESM only; the CommonJS build carries them inline so
// `require('memkit')` works without require(esm).
const esmOnly = [/^typebox/, /^micromark/, /^decode-named-character-reference/, /^character-entities/, /^devlop/, /^debug$/, /^ms$/];

const esm: Options = {
  entry: entries,
  format: ['esm'],
  dts: false,
  sourcemap: false,
  target: 'es2022',
  platform: 'neutral',
  splitting: true,
  treeshake: true,
  external: [/^node:/],
  // Keep `node:` specifiers as written (tsup strips them by default): Deno and
  // bundlers need the prefix, and the layering test looks for it.
  removeNodeProtocol: false,
  define,
};

// The CLI is built on its own, its dependencies inlined: a `memkit` process then reads a few files
// instead of resolving and loading TypeBox's 700 modules, yaml's 74 and micromark's 40 one by one
// (most of a `memkit check` of a small memory). The optional peers and the WebAssembly SQLite
// (which finds its .wasm file beside its own module) stay external.
// What the CLI's files share: Node, whitespace and comments out, names kept (stack traces under
// MEMKIT_DEBUG still read): a process compiles all of it before the first check.
const cliFiles: Options = {
  outDir: 'dist/cli',
  minifyWhitespace: true,
  minifySyntax: true,
  dts: false,
  sourcemap: false,
  target: 'es2022',
  platform: 'node',
  removeNodeProtocol: false,
};

const cli: Options = {
  ...cliFiles,
  entry: { main: 'src/surfaces/cli/main.ts' },
  format: ['esm'],
  splitting: true,
  treeshake: true,
  noExternal: [/^typebox(?!\/compile$)/, ...esmOnly.filter((r) => r.source !== '^typebox'), /^yaml$/, /^smol-toml$/],
  // TypeBox's compiler stays in the package, loaded (by a long run only) from node_modules: esbuild splits by
  // module, so bundled it would put TypeBox's whole type engine into the chunk every command loads.
  external: [/^node:/, '@sqlite.org/sqlite-wasm', 'fast-check', 'better-sqlite3', 'pg', '@electric-sql/pglite', /^@modelcontextprotocol\//, 'typebox/compile'],
  // The full YAML and Markdown parsers are loaded when a text first needs them (memkit's own readers take
  // flat frontmatter and plain Markdown): `yaml` and `micromark` resolve to the shims of src/surfaces/cli/lazy/,
  // which require the two bundles `cliParsers` builds. A check of a small memory then compiles 0.2 MB less.
  esbuildOptions(options) {
    options.alias = {
      ...options.alias,
      yaml: './src/surfaces/cli/lazy/yaml.ts',
      micromark: './src/surfaces/cli/lazy/micromark.ts',
      'decode-named-character-reference': './src/surfaces/cli/lazy/micromark.ts',
    };
  },
  define,
};

// The parsers the CLI loads on demand, one CommonJS file each, beside its chunks.
const cliParsers: Options = {
  ...cliFiles,
  entry: { 'yaml-lib': 'src/surfaces/cli/lazy/yaml-lib.ts', 'micromark-lib': 'src/surfaces/cli/lazy/micromark-lib.ts' },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  splitting: false,
  noExternal: [/^yaml$/, ...esmOnly],
  external: [/^node:/],
  // yaml's ES module build (what browsers and Deno get; the same code), which bundles without its CommonJS wrappers.
  esbuildOptions(options) {
    options.alias = { ...options.alias, yaml: './node_modules/yaml/browser/index.js' };
  },
};

const cjs: Options = {
  entry: entries,
  format: ['cjs'],
  dts: false,
  sourcemap: false,
  target: 'es2022',
  platform: 'node',
  // Shared chunks, as in ESM: one copy of each module whichever entries a program
  // requires, so values and classes (`instanceof MemkitError`) are the same across
  // entries. With treeshake, tsup has esbuild split in ESM and Rollup write each
  // chunk as CommonJS, which keeps `import()` of ESM-only packages as `import()`.
  splitting: true,
  treeshake: true,
  noExternal: esmOnly,
  external: [/^node:/, '@sqlite.org/sqlite-wasm', 'yaml', 'fast-check', 'better-sqlite3', 'pg', '@electric-sql/pglite', /^@modelcontextprotocol\//],
  removeNodeProtocol: false,
  define,
};

const dts: Options = {
  // Declarations for both formats (.d.ts for import, .d.cts for require) from
  // ONE type analysis: a declaration build per format would double the build time.
  entry: entries,
  format: ['esm', 'cjs'],
  dts: { only: true },
  target: 'es2022',
};

/**
 * `tsup` builds everything the package ships: ESM, CommonJS and declarations.
 * `tsup --env.MEMKIT_BUILD esm` (the `prepare` script, which `npm ci` runs) builds
 * only the ESM files, all the CLI and `import` need, without the declaration
 * build's type analysis (seconds and 250 MB, not a minute and 2.7 GB).
 */
export default defineConfig((options) => {
  const esmBuild = options.env?.MEMKIT_BUILD === 'esm';
  // Cleaned here, once, before any build starts (a block's own `clean` races with
  // the blocks built beside it). The ESM build keeps the CommonJS files and the
  // declarations: `npm pack` runs `prepack` (everything), then `prepare`.
  if (esmBuild) removeFiles('dist', (file) => file.endsWith('.js'));
  else rmSync('dist', { recursive: true, force: true });
  return esmBuild ? [esm, cli, cliParsers] : [esm, cli, cliParsers, cjs, dts];
});

/** Removes the files under `dir` (recursively) whose relative path `pick` selects. */
function removeFiles(dir: string, pick: (file: string) => boolean): void {
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) if (pick(file)) rmSync(join(dir, file), { force: true });
}
