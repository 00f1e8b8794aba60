import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

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

export default defineConfig([
  {
    entry: { ...entries, 'cli/main': 'src/surfaces/cli/main.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: false,
    clean: true,
    target: 'es2022',
    platform: 'neutral',
    splitting: true,
    treeshake: true,
    external: [/^node:/],
    // Keep `node:` specifiers as written (tsup strips them by default): Deno and
    // bundlers need the prefix, and the layering test looks for it.
    removeNodeProtocol: false,
    define,
  },
  {
    entry: entries,
    format: ['cjs'],
    dts: false,
    sourcemap: false,
    target: 'es2022',
    platform: 'node',
    splitting: false,
    noExternal: esmOnly,
    external: [/^node:/, '@sqlite.org/sqlite-wasm', 'yaml', 'fast-check', 'better-sqlite3', 'pg', '@electric-sql/pglite', /^@modelcontextprotocol\//],
    removeNodeProtocol: false,
    define,
  },
  {
    // Declarations for both formats (.d.ts for import, .d.cts for require) from
    // ONE type analysis: a declaration build per format would double the build time.
    entry: entries,
    format: ['esm', 'cjs'],
    dts: { only: true },
    target: 'es2022',
  },
]);
