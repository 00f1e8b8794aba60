import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { build, type Plugin } from 'esbuild';
import type { CompiledExample, Entry } from './compile.js';

/** What running an example did: nothing (it ran to the end) or the error it threw. */
export interface RunOutcome {
  readonly example: CompiledExample;
  readonly error?: string;
}

/**
 * Runs whole-program examples: ONE esbuild build (the examples as entries, `memkit` mapped to
 * src/, shared code split out, packages left to node_modules), then ONE Node process that imports
 * each in its own temporary working directory (test/docs/run-examples.mjs).
 */
export async function runExamples(root: string, entries: readonly Entry[], examples: readonly CompiledExample[]): Promise<RunOutcome[]> {
  if (examples.length === 0) return [];
  const byPath = new Map(examples.map((e) => [e.path, e]));
  const specifiers = new Map(entries.map((e) => [e.specifier, e.file]));
  const plugin: Plugin = {
    name: 'memkit-examples',
    setup(b) {
      b.onResolve({ filter: /^memkit(\/|$)/ }, (args) => {
        const file = specifiers.get(args.path);
        return file ? { path: file } : { errors: [{ text: `no entry ${args.path}` }] };
      });
      b.onResolve({ filter: /\.examples\// }, (args) => (byPath.has(args.path) ? { path: args.path, namespace: 'example' } : undefined));
      // An example exists only in memory: its own imports are resolved here, as tsc resolved them.
      b.onResolve({ filter: /.*/, namespace: 'example' }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (!args.path.startsWith('.')) return { path: args.path, external: true };
        return { path: join(args.resolveDir, args.path).replace(/\.js$/, '.ts') };
      });
      b.onLoad({ filter: /.*/, namespace: 'example' }, (args) => ({ contents: byPath.get(args.path)?.text ?? '', loader: 'ts', resolveDir: dirname(args.path) }));
    },
  };
  // Inside node_modules so that the bundles' package imports resolve to the project's.
  const cache = join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(join(cache, 'memkit-examples-'));
  try {
    const names = examples.map((_, n) => `example-${n}`);
    const built = await build({
      entryPoints: examples.map((e, n) => ({ in: e.path, out: names[n] as string })),
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      outdir: out,
      outExtension: { '.js': '.mjs' },
      define: { __MEMKIT_VERSION__: JSON.stringify('0.0.0-examples') },
      plugins: [plugin],
      logLevel: 'silent',
    });
    if (built.errors.length) throw new Error(built.errors.map((e) => e.text).join('\n'));
    const list = join(out, 'list.json');
    const results = join(out, 'results.json');
    writeFileSync(list, JSON.stringify(names.map((id) => ({ id, module: join(out, `${id}.mjs`) }))));
    await promisify(execFile)(process.execPath, [join(root, 'test/docs/run-examples.mjs'), list, results], { timeout: 120_000, maxBuffer: 64 << 20 });
    const outcome = new Map((JSON.parse(readFileSync(results, 'utf8')) as { id: string; error?: string }[]).map((r) => [r.id, r.error]));
    return examples.map((example, n) => {
      const id = names[n] as string;
      if (!outcome.has(id)) return { example, error: 'the runner did not report it' };
      const error = outcome.get(id);
      return error === undefined ? { example } : { example, error };
    });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
