// Installs the PACKED package (npm pack, as a consumer gets it) into a temp dir,
// offline: the tarball is extracted to node_modules/memkit and the repo's own
// node_modules entries are symlinked beside it as its dependencies.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The package's `exports` subpaths without wildcards (`.`, `./ledger`, …, `./package.json`). */
export function exportSubpaths(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  return Object.keys(pkg.exports).filter((k) => !k.includes('*'));
}

/** `.` → `memkit`, `./ledger` → `memkit/ledger`. */
export const specifier = (subpath: string) => (subpath === '.' ? 'memkit' : `memkit/${subpath.slice(2)}`);

/** Module subpaths (everything but `./package.json`). */
export const moduleSubpaths = () => exportSubpaths().filter((s) => s !== './package.json');

/** Fails with a clear message when the build output is missing. */
export function requireBuilt(): void {
  // `npm ci` alone builds only the ESM files (`prepare`); the CommonJS files and declarations come from `npm run build`.
  for (const file of ['index.js', 'index.cjs', 'index.d.ts']) if (!existsSync(join(ROOT, 'dist', file))) throw new Error(`dist/${file} is missing: run \`npm run build\` first (npm test does).`);
}

/** A temp project with the packed memkit installed; `dir` holds `node_modules/`. */
export interface PackedInstall {
  dir: string;
  tarball: string;
  /** Files in the tarball, relative to the package root. */
  files: string[];
  dispose(): void;
}

/** Packs the repo (no lifecycle scripts: dist/ is already built) and installs the tarball offline. */
export function installPacked(): PackedInstall {
  requireBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'memkit-packed-'));
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const info = JSON.parse(out.slice(out.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  const tarball = join(dir, info[0]!.filename);
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, 'memkit'), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name.startsWith('.') || name === 'memkit') continue;
    symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  execFileSync('tar', ['-xzf', tarball, '-C', join(modules, 'memkit'), '--strip-components=1']);
  return {
    dir,
    tarball,
    files: info[0]!.files.map((f) => f.path),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs `node` on a script inside the install and returns stdout. */
export function node(cwd: string, args: string[]): string {
  return execFileSync(process.execPath, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
}
