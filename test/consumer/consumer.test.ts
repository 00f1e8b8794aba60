// The consumer of issue #33's "Done when": programs written only from the docs (README.md "Use it",
// docs/memory.md, docs/wbs.md) in test/consumer/programs/, run against the PACKED package (npm pack,
// installed offline by installPacked): the ordinary job through openMemory with at most two memkit
// imports, in Node ESM, Node CommonJS and over memkit's in-memory port, and the same job as TypeScript
// type-checked strictly (lib ES2022, types node, no DOM, no skipLibCheck). Deno and Chromium run the
// in-memory program from test/deno/ and test/browser/.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PackedInstall, ROOT, installPacked, node } from '../runtime/packed.js';
import { CHECKED_FILES, consumerFailures } from './expected.mjs';

const PROGRAMS = join(ROOT, 'test/consumer/programs');
let pkg: PackedInstall;

beforeAll(() => {
  pkg = installPacked();
  for (const f of readdirSync(PROGRAMS)) copyFileSync(join(PROGRAMS, f), join(pkg.dir, f));
  copyFileSync(join(ROOT, 'test/consumer/expected.mjs'), join(pkg.dir, 'expected.mjs'));
});

afterAll(() => pkg?.dispose());

/** The memkit specifiers a program imports or requires. */
const memkitImports = (file: string) => [...readFileSync(join(PROGRAMS, file), 'utf8').matchAll(/(?:from |require\()'(memkit[^']*)'/g)].map((m) => m[1]);

/** Runs a Node program of the job on two fresh directories and returns its summary. */
function runJob(program: string, name: string): Record<string, unknown> {
  return JSON.parse(node(pkg.dir, [program, join(pkg.dir, `${name}-memory`), join(pkg.dir, `${name}-copy`)]));
}

describe('a consumer written from the docs, against the packed tarball', () => {
  it('imports memkit at most twice in every program', () => {
    const programs = readdirSync(PROGRAMS);
    expect(programs.sort()).toEqual(['anywhere.mjs', 'node-cjs.cjs', 'node-esm.mjs', 'node-ts.ts']);
    for (const p of programs) {
      const specs = memkitImports(p);
      expect(specs.length, p).toBeGreaterThan(0);
      expect(specs.length, p).toBeLessThanOrEqual(2);
    }
    expect(memkitImports('anywhere.mjs')).toEqual(['memkit']);
    expect(readFileSync(join(PROGRAMS, 'anywhere.mjs'), 'utf8')).not.toMatch(/from 'node:/);
  });

  it('does the ordinary job in Node ESM through memkit/node', () => {
    const summary = runJob('node-esm.mjs', 'esm');
    expect(consumerFailures(summary)).toEqual([]);
    expect(summary.checkpointSize).toBe(3);
    // What the import wrote is on disk in the second directory.
    for (const f of CHECKED_FILES) expect(existsSync(join(pkg.dir, 'esm-copy', f)), f).toBe(true);
    expect(readFileSync(join(pkg.dir, 'esm-copy/memory-bank/decisionLog.md'), 'utf8')).toBe(readFileSync(join(pkg.dir, 'esm-memory/memory-bank/decisionLog.md'), 'utf8'));
  });

  it('does the ordinary job in Node CommonJS through require("memkit/node")', () => {
    expect(node(pkg.dir, ['-e', `process.stdout.write(require.resolve('memkit/node'))`])).toMatch(/node_modules\/memkit\/dist\/node\.cjs$/);
    const summary = runJob('node-cjs.cjs', 'cjs');
    expect(consumerFailures(summary)).toEqual([]);
    expect(readFileSync(join(pkg.dir, 'cjs-copy/.thunderus/memory/semantic/FACTS/fact.release.md'), 'utf8')).toContain('title: Release checklist');
  });

  it("does the ordinary job over memkit's in-memory port (the program Deno and Chromium run)", () => {
    const out = node(pkg.dir, ['--input-type=module', '-e', `import { consumerJob } from './anywhere.mjs'; process.stdout.write(JSON.stringify(await consumerJob()));`]);
    expect(consumerFailures(JSON.parse(out))).toEqual([]);
  });

  it('type-checks as TypeScript with lib ES2022, types node, strict, no DOM and no skipLibCheck (module NodeNext)', () => {
    const dir = join(pkg.dir, 'ts');
    mkdirSync(dir);
    copyFileSync(join(PROGRAMS, 'node-ts.ts'), join(dir, 'index.ts'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer-ts', private: true, type: 'module' }));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2022'], types: ['node'], strict: true, noEmit: true },
        files: ['index.ts'],
      }),
    );
    let output: string;
    try {
      output = execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir, '--listFiles'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(output.split('\n').filter((l) => l.includes('error TS'))).toEqual([]);
    const files = output.split('\n').filter((l) => l.startsWith('/'));
    // The declarations read are the tarball's, and no DOM library came in by a reference.
    expect(files.some((f) => f.endsWith('/node_modules/memkit/dist/node.d.ts'))).toBe(true);
    expect(files.filter((f) => /lib\.dom/.test(f))).toEqual([]);
  });
});
