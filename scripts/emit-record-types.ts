// Writes the public schema modules src/schema/<name>.ts from the TypeBox definitions in
// src/schema/typebox/<name>.ts. A public module exports each schema typed `TypedSchema` of its
// values, each record type as `Static<typeof Schema>` expanded by the TypeScript checker into a
// plain type, and re-exports everything else. memkit's modules and entries import the public
// modules, so the published declarations name no TypeBox type and a consumer's type-check loads
// none of TypeBox's declarations (2.3 M instantiations without `skipLibCheck`); code that
// composes schemas imports src/schema/typebox/. test/types/records.test.ts fails when the files
// on disk are not what this writes.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const schemaDir = join(root, 'src', 'schema');
const defsDir = join(schemaDir, 'typebox');
const staticTest = join(root, 'test', 'types', 'records-static.test.ts');

/** The modules of src/schema/typebox/ that get a public module of the same name. */
export const SCHEMA_MODULES = ['common', 'thunderus', 'memory-bank', 'export-v1', 'export-v2', 'thread-store', 'wbs', 'memkit-config'] as const;

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
  lib: ['lib.es2022.d.ts'],
};

/** One export of a definitions module. */
interface Export {
  module: number;
  name: string;
  /** `schema`: a TypeBox schema const; `alias`: a type alias; `other`: re-exported as it is. */
  kind: 'schema' | 'alias' | 'other';
  /** True for a schema with a type alias of its name (a record type), or for that alias. */
  record: boolean;
  /** A type-only export (re-exported with `export type`). */
  typeOnly: boolean;
  doc: string;
  typeDoc: string;
}

const docOf = (node: ts.Node | undefined): string => {
  const doc = node && (ts.getJSDocCommentsAndTags(node).find(ts.isJSDoc) as ts.JSDoc | undefined);
  return doc === undefined ? '' : doc.getText().replace(/^\s+/gm, (s) => (s.includes('*') ? ' ' : s));
};

function findExports(): Export[] {
  const program = ts.createProgram(
    SCHEMA_MODULES.map((m) => join(defsDir, `${m}.ts`)),
    options,
  );
  const checker = program.getTypeChecker();
  const found: Export[] = [];
  SCHEMA_MODULES.forEach((m, i) => {
    const sf = program.getSourceFile(join(defsDir, `${m}.ts`))!;
    for (const sym of checker.getExportsOfModule(checker.getSymbolAtLocation(sf)!)) {
      const decl = sym.declarations?.find(ts.isVariableDeclaration);
      const alias = sym.declarations?.find(ts.isTypeAliasDeclaration);
      const type = decl && checker.getTypeOfSymbolAtLocation(sym, decl);
      const isSchema = type !== undefined && (type.getProperty('~kind') ?? type.getProperty('~unsafe')) !== undefined;
      const doc = docOf(decl?.parent.parent);
      const typeDoc = docOf(alias);
      if (isSchema) found.push({ module: i, name: sym.name, kind: 'schema', record: alias !== undefined, typeOnly: false, doc, typeDoc });
      else if (alias !== undefined && (alias.typeParameters?.length ?? 0) === 0 && !(sym.flags & ts.SymbolFlags.Value))
        found.push({ module: i, name: sym.name, kind: 'alias', record: false, typeOnly: true, doc: '', typeDoc });
      else found.push({ module: i, name: sym.name, kind: 'other', record: false, typeOnly: !(sym.flags & ts.SymbolFlags.Value), doc: '', typeDoc: '' });
    }
  });
  return found;
}

// The plain type of each schema's `Static` and of each type alias, printed by the checker.
function expand(found: readonly Export[]): Map<Export, string> {
  const probe = join(defsDir, '__probe.ts');
  const targets = found.filter((f) => f.kind !== 'other');
  const text = [
    "import type { Static } from 'typebox';",
    ...SCHEMA_MODULES.map((m, i) => `import type * as m${i} from './${m}.js';`),
    ...targets.map((f, k) => `export type T${k} = ${f.kind === 'schema' ? `Static<typeof m${f.module}.${f.name}>` : `m${f.module}.${f.name}`};`),
  ].join('\n');
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (file, lang, ...rest) => (file === probe ? ts.createSourceFile(file, text, lang, true) : getSourceFile.call(host, file, lang, ...rest));
  const fileExists = host.fileExists;
  host.fileExists = (file) => file === probe || fileExists.call(host, file);
  const program = ts.createProgram([probe], options, host);
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(probe)!;
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed });
  const flags = ts.NodeBuilderFlags.NoTruncation | ts.NodeBuilderFlags.MultilineObjectLiterals | ts.NodeBuilderFlags.InTypeAlias;
  const out = new Map<Export, string>();
  sf.statements.filter(ts.isTypeAliasDeclaration).forEach((a, k) => {
    const type = checker.getTypeAtLocation(a.name);
    // Expanded, not named: an alias name here is the definitions module's, whose type is `Static`.
    const node = checker.typeToTypeNode(type, undefined, flags | ts.NodeBuilderFlags.InTypeAlias)!;
    const printed = printer.printNode(ts.EmitHint.Unspecified, node, sf);
    if (/\b(T[A-Z]\w*|Static|typeof|m\d+)\b|import\(/.test(printed.replace(/'[^']*'/g, ''))) throw new Error(`${targets[k]!.name} does not expand to a plain type: ${printed}`);
    out.set(targets[k]!, printed);
  });
  return out;
}

// Biome's formatting, so the generated files pass `npm run lint` as they are written.
function format(text: string, path: string): string {
  const run = spawnSync(join(root, 'node_modules', '.bin', 'biome'), ['format', `--stdin-file-path=${path}`], { input: text, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`biome format failed: ${run.stderr}`);
  return run.stdout;
}

/** The generated files (path and text) as the definitions are now. */
export function emitRecordTypes(): { path: string; text: string }[] {
  const found = findExports();
  const types = expand(found);
  const files = SCHEMA_MODULES.map((m, i) => {
    const mine = found.filter((f) => f.module === i);
    const schemas = mine.filter((f) => f.kind === 'schema');
    const values = mine.filter((f) => f.kind === 'other' && !f.typeOnly).map((f) => f.name);
    const typeOnly = mine.filter((f) => f.kind === 'other' && f.typeOnly).map((f) => f.name);
    const lines = [
      `// Generated by scripts/emit-record-types.ts from ./typebox/${m}.ts: do not edit. The schemas are typed`,
      '// `TypedSchema` of their values and the record types are plain, so declarations importing this module',
      '// name no TypeBox type; code that composes the schemas imports ./typebox/ instead.',
    ];
    if (schemas.length > 0) lines.push("import type { TypedSchema } from './typed-schema.js';", `import * as defs from './typebox/${m}.js';`);
    if (values.length > 0) lines.push(`export { ${values.join(', ')} } from './typebox/${m}.js';`);
    if (typeOnly.length > 0) lines.push(`export type { ${typeOnly.join(', ')} } from './typebox/${m}.js';`);
    for (const f of mine) {
      if (f.kind === 'alias' || f.record) lines.push(f.typeDoc, `export type ${f.name} = ${types.get(f)};`);
      if (f.kind === 'schema') lines.push(f.doc, `export const ${f.name}: TypedSchema<${f.record ? f.name : types.get(f)}> = defs.${f.name};`);
    }
    const path = join(schemaDir, `${m}.ts`);
    return { path, text: format(lines.filter((l) => l !== '').join('\n') + '\n', path) };
  });
  const checked = found.filter((f) => f.kind === 'alias' || f.record);
  const used = new Set(checked.map((f) => f.module));
  const test = [
    '// Generated by scripts/emit-record-types.ts: each plain type of the public schema modules is the type',
    '// of its TypeBox definition (checked by `tsc --noEmit -p .`; test/types/records.test.ts checks this file is current).',
    "import type { Static } from 'typebox';",
    "import { expectTypeOf, it } from 'vitest';",
    ...SCHEMA_MODULES.flatMap((m, i) => (used.has(i) ? [`import type * as p${i} from '../../src/schema/${m}.js';`, `import type * as m${i} from '../../src/schema/typebox/${m}.js';`] : [])),
    '',
    "it('types every record as the Static of its schema', () => {",
    ...checked.map((f) => `  expectTypeOf<p${f.module}.${f.name}>().toEqualTypeOf<${f.kind === 'alias' ? `m${f.module}.${f.name}` : `Static<typeof m${f.module}.${f.name}>`}>();`),
    '});',
  ];
  return [...files, { path: staticTest, text: format(test.join('\n') + '\n', staticTest) }];
}

if (process.argv[1]?.endsWith('emit-record-types.ts')) {
  for (const { path, text } of emitRecordTypes()) {
    writeFileSync(path, text);
    console.log(`wrote ${relative(root, path)}`);
  }
}
