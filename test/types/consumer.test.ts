// A strict consumer compiles against the built declarations: lib ES2022 with no DOM, types node,
// no skipLibCheck, importing every subpath of package.json `exports` (ESM and CommonJS) through
// dist/*.d.ts and dist/*.d.cts by package self-reference. Run after `npx tsup`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dir = join(import.meta.dirname, 'consumer');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };

type Conditions = { import: { types: string }; require: { types: string } };
const entries = Object.entries(pkg.exports).filter(([, v]) => typeof v === 'object') as [string, Conditions][];
const specifiers = entries.map(([k]) => (k === '.' ? pkg.name : `${pkg.name}/${k.slice(2)}`)).sort();
const importsOf = (file: string) => [...readFileSync(join(dir, file), 'utf8').matchAll(/(?:from|require\()\s*'([^']+)'/g)].map((m) => m[1]).sort();

function compile(config: string): { program: ts.Program; diagnostics: string } {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(dir, config),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => expect.fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')) },
  )!;
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  return { program, diagnostics: ts.formatDiagnostics(ts.getPreEmitDiagnostics(program), host) };
}

describe('a strict consumer without DOM or skipLibCheck', () => {
  it('imports every subpath of package.json exports, in ESM and CommonJS', () => {
    expect(importsOf('every-entry.ts')).toEqual(specifiers);
    expect(importsOf('every-entry.cts')).toEqual(specifiers);
  });

  it('has the declarations of every entry built', () => {
    const missing = entries.flatMap(([, c]) => [c.import.types, c.require.types]).filter((p) => !existsSync(join(root, p)));
    expect(missing, 'build the declarations first: npx tsup').toEqual([]);
  });

  it('type-checks every entry with lib ES2022 and types node only', () => {
    const { program, diagnostics } = compile('tsconfig.json');
    const options = program.getCompilerOptions();
    expect(options.lib).toEqual(['lib.es2022.d.ts']);
    expect(options.types).toEqual(['node']);
    expect(options.skipLibCheck).toBeUndefined();
    expect(options.strict).toBe(true);
    expect(diagnostics).toBe('');
    const files = program.getSourceFiles().map((f) => f.fileName);
    expect(files.filter((f) => /lib\.dom/.test(f))).toEqual([]);
    // Both declaration flavours were read (the check would be empty if resolution fell back elsewhere).
    expect(files.some((f) => f.endsWith('/dist/ledger.d.ts'))).toBe(true);
    expect(files.some((f) => f.endsWith('/dist/ledger.d.cts'))).toBe(true);
  });

  it("loads none of TypeBox's declarations (what made every entry but the core cost 2.3 M instantiations)", () => {
    const { program } = compile('tsconfig.all.json');
    const typebox = program.getSourceFiles().filter((f) => f.fileName.includes('/node_modules/typebox/'));
    expect(typebox.map((f) => f.fileName)).toEqual([]);
  });
});
