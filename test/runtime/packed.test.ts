// The package as a consumer gets it: `npm pack`, installed offline into a temp
// project, then every subpath of `exports` through ESM `import` and CJS
// `require` on this Node, the smoke suite through both (same results), and a
// consumer `.ts` type-checked against the shipped `.d.ts` (ESM and CJS,
// module NodeNext). Writes the Node smoke result that Deno and Chromium compare
// against (.tmp/smoke/node.json).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smokeFailures } from '../smoke/smoke.js';
import { type PackedInstall, ROOT, installPacked, moduleSubpaths, node, specifier } from './packed.js';

let pkg: PackedInstall;
const smokeUrl = pathToFileURL(join(ROOT, 'test/smoke/smoke.js')).href;

beforeAll(() => {
  pkg = installPacked();
  writeFileSync(
    join(pkg.dir, 'list.mjs'),
    `const out = {};
for (const s of JSON.parse(process.argv[2])) {
  try { out[s] = Object.keys(await import(s)).sort(); } catch (e) { out[s] = 'FAILED: ' + e.message; }
}
process.stdout.write(JSON.stringify(out));
`,
  );
  writeFileSync(
    join(pkg.dir, 'list.cjs'),
    `const out = {};
for (const s of JSON.parse(process.argv[2])) {
  try { out[s] = Object.keys(require(s)).filter((k) => k !== 'default').sort(); } catch (e) { out[s] = 'FAILED: ' + e.message; }
}
process.stdout.write(JSON.stringify(out));
`,
  );
  const load = (how: 'import' | 'require') =>
    `const mods = {};
for (const n of SMOKE_SUBPATHS) mods[n] = ${how === 'import' ? 'await import' : 'require'}(n === 'core' ? 'memkit' : 'memkit/' + n);
mods.fc = ${how === 'import' ? 'await import' : 'require'}('fast-check');`;
  writeFileSync(
    join(pkg.dir, 'smoke.mjs'),
    `import { smoke, SMOKE_SUBPATHS } from ${JSON.stringify(smokeUrl)};
${load('import')}
process.stdout.write(JSON.stringify(await smoke(mods)));
`,
  );
  writeFileSync(
    join(pkg.dir, 'smoke.cjs'),
    `import(${JSON.stringify(smokeUrl)}).then(async ({ smoke, SMOKE_SUBPATHS }) => {
${load('require')}
  process.stdout.write(JSON.stringify(await smoke(mods)));
});
`,
  );
});

afterAll(() => pkg?.dispose());

describe('packed package', () => {
  it('ships dist, schemas and docs, and no sources or tests', () => {
    expect(pkg.files).toContain('package.json');
    expect(pkg.files).toContain('dist/index.js');
    expect(pkg.files).toContain('dist/index.cjs');
    expect(pkg.files).toContain('dist/cli/main.js');
    expect(pkg.files.some((f) => f.startsWith('schemas/') && f.endsWith('.schema.json'))).toBe(true);
    expect(pkg.files.filter((f) => /^(src|test|bench|scripts)\//.test(f))).toEqual([]);
  });

  it('every subpath of exports loads through ESM import and CJS require, with the same names', () => {
    const specs = moduleSubpaths().map(specifier);
    const esm = JSON.parse(node(pkg.dir, ['list.mjs', JSON.stringify(specs)])) as Record<string, string[] | string>;
    const cjs = JSON.parse(node(pkg.dir, ['list.cjs', JSON.stringify(specs)])) as Record<string, string[] | string>;
    for (const s of specs) {
      expect(esm[s], `import('${s}')`).toBeInstanceOf(Array);
      expect(cjs[s], `require('${s}')`).toBeInstanceOf(Array);
      expect(cjs[s], `require('${s}') and import('${s}') export the same names`).toEqual(esm[s]);
    }
    expect((esm['memkit'] as string[]).length).toBeGreaterThan(20);
  });

  it('resolves memkit/package.json and memkit/schemas/*.json both ways', () => {
    const json = pkg.files.find((f) => /^schemas\/.+\.schema\.json$/.test(f))!;
    const spec = `memkit/${json}`;
    const esm = node(pkg.dir, [
      '--input-type=module',
      '-e',
      `const s = await import(${JSON.stringify(spec)}, { with: { type: 'json' } });
const p = await import('memkit/package.json', { with: { type: 'json' } });
process.stdout.write(JSON.stringify([s.default.$schema, p.default.name]));`,
    ]);
    const cjs = node(pkg.dir, ['-e', `process.stdout.write(JSON.stringify([require(${JSON.stringify(spec)}).$schema, require('memkit/package.json').name]));`]);
    expect(JSON.parse(esm)).toEqual(['https://json-schema.org/draft/2020-12/schema', 'memkit']);
    expect(JSON.parse(cjs)).toEqual(JSON.parse(esm));
  });

  it('the bin runs from the installed package', () => {
    const out = node(pkg.dir, ['node_modules/memkit/dist/cli/main.js', '--version']);
    expect(out.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('the smoke suite passes through ESM and CJS with identical results (written for Deno and Chromium)', () => {
    const esm = JSON.parse(node(pkg.dir, ['smoke.mjs']));
    const cjs = JSON.parse(node(pkg.dir, ['smoke.cjs']));
    expect(smokeFailures(esm)).toEqual([]);
    expect(cjs.sections).toEqual(esm.sections);
    expect(cjs.skipped).toEqual(esm.skipped);
    expect(Object.keys(esm.sections)).toContain('validate');
    mkdirSync(join(ROOT, '.tmp/smoke'), { recursive: true });
    writeFileSync(join(ROOT, '.tmp/smoke/node.json'), JSON.stringify(esm, null, 2) + '\n');
  });

  for (const kind of ['esm', 'cjs'] as const) {
    it(`a ${kind.toUpperCase()} consumer type-checks against the shipped .d.ts (module NodeNext)`, () => {
      const dir = join(pkg.dir, `consumer-${kind}`);
      mkdirSync(dir);
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `consumer-${kind}`, private: true, type: kind === 'esm' ? 'module' : 'commonjs' }));
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            target: 'ES2022',
            lib: ['ES2022'],
            types: ['node'],
            strict: true,
            noEmit: true,
            skipLibCheck: true,
          },
          files: ['index.ts'],
        }),
      );
      writeFileSync(join(dir, 'index.ts'), consumerSource());
      let output = '';
      try {
        execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8', stdio: 'pipe' });
      } catch (e) {
        output = String((e as { stdout?: string }).stdout ?? e);
      }
      expect(output).toBe('');
    });
  }

  it('the core entry declarations reach no TypeBox module (what made a strict consumer take ~20 s)', () => {
    const dist = join(pkg.dir, 'node_modules/memkit/dist');
    const seen = new Set<string>();
    const external = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const m of readFileSync(join(dist, file), 'utf8').matchAll(/(?:from|import)\s+'([^']+)'/g)) {
        const spec = m[1]!;
        if (spec.startsWith('./')) walk(spec.slice(2).replace(/\.js$/, '.d.ts'));
        else external.add(spec.split('/')[0]!);
      }
    };
    walk('index.d.ts');
    expect(seen.size).toBeGreaterThan(1);
    expect([...external].filter((s) => s.startsWith('typebox'))).toEqual([]);
  });

  it('a strict consumer of the core entry type-checks WITHOUT skipLibCheck', () => {
    const dir = join(pkg.dir, 'consumer-libcheck');
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer-libcheck', private: true, type: 'module' }));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2022'], types: ['node'], strict: true, noEmit: true },
        files: ['index.ts'],
      }),
    );
    writeFileSync(
      join(dir, 'index.ts'),
      [
        `import { validate, isSchemaId, type SchemaId, type Problem } from 'memkit';`,
        `const id: SchemaId = 'decision-log-entry';`,
        `const problems: Problem[] = validate(id, {});`,
        `// @ts-expect-error not a schema id`,
        `const bad: SchemaId = 'decision-log';`,
        `export const used = [problems, bad, isSchemaId('thread')];`,
        '',
      ].join('\n'),
    );
    let output = '';
    try {
      execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(output).toBe('');
  });
});

/** A consumer that imports every module subpath and uses the core API with real types. */
function consumerSource(): string {
  const subs = moduleSubpaths().filter((s) => s !== '.');
  const names = subs.map((s) => `m_${s.slice(2).replace(/\W/g, '_')}`);
  return [
    `import { validate, formatIds, type Problem } from 'memkit';`,
    ...subs.map((s, i) => `import * as ${names[i]} from '${specifier(s)}';`),
    `const problems: Problem[] = validate('thread', {});`,
    `const ids: readonly string[] = formatIds;`,
    `const codes: string[] = problems.map((p) => p.code);`,
    `// @ts-expect-error the format id is a string: the shipped types are real, not any`,
    `validate(42, {});`,
    `export const used = [problems, ids, codes, ${names.join(', ')}];`,
    '',
  ].join('\n');
}
