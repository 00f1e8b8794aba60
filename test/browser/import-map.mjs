// Builds the browser import map for the built package: `memkit/<subpath>` →
// its dist/ file (from the `exports` map's `import` condition), and every bare
// specifier that dist/ and its dependencies import → the file in node_modules
// that a browser-targeting resolver picks (esbuild, platform "browser", so
// `browser`/`import`/`default` conditions). Nothing is bundled: the browser
// loads dist/ and the dependencies' own files, as an app with an import map would.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Subpaths that are Node-only by design and never load in a browser. */
export const NODE_ONLY = new Set(['./node']);

/** `exports` subpaths a browser can load (modules only, no wildcard, no Node-only). */
export function browserSubpaths() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return Object.keys(pkg.exports).filter((s) => !s.includes('*') && s !== './package.json' && !NODE_ONLY.has(s));
}

function importTarget(entry) {
  if (typeof entry === 'string') return entry;
  const t = entry.import ?? entry.default;
  return typeof t === 'string' ? t : t.default;
}

/** The package directory (`node_modules/x/` or `node_modules/@s/x/`) a file belongs to, or '' for the repo. */
function packageDir(file) {
  const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+\/)/.exec(file);
  return m ? m[1] : '';
}

/**
 * @returns {Promise<{ imports: Record<string, string>, scopes: Record<string, Record<string, string>> }>}
 */
export async function buildImportMap() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const imports = {};
  const entryPoints = [];
  for (const s of browserSubpaths()) {
    const target = importTarget(pkg.exports[s]).replace(/^\.\//, '');
    imports[s === '.' ? 'memkit' : `memkit/${s.slice(2)}`] = `/${target}`;
    entryPoints.push(join(ROOT, target));
  }
  const { metafile } = await build({
    entryPoints,
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    outdir: join(ROOT, '.tmp/import-map-scan'),
    logLevel: 'silent',
    loader: { '.wasm': 'file' },
  });
  const scopes = {};
  const seen = new Map();
  for (const [file, input] of Object.entries(metafile.inputs)) {
    for (const imp of input.imports) {
      const spec = imp.original;
      if (!spec || spec.startsWith('.') || spec.startsWith('/') || imp.external || imp.path.startsWith('<')) continue;
      const url = `/${imp.path}`;
      const first = seen.get(spec);
      if (first === undefined) {
        seen.set(spec, url);
        imports[spec] ??= url;
      } else if (first !== url) {
        // Two versions of one dependency: scope the other one to its importer's package.
        const scope = `/${packageDir(file) || dirname(file) + '/'}`;
        (scopes[scope] ??= {})[spec] = url;
      }
    }
  }
  return { imports, scopes };
}
