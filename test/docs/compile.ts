import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import type { Example } from './extract.js';

/** A public entry: its import specifier (`memkit`, `memkit/ledger`) and its source file. */
export interface Entry {
  readonly specifier: string;
  readonly file: string;
}

/** An example as compiled: the module text (prelude, then the code) and where the code starts. */
export interface CompiledExample {
  readonly example: Example;
  /** Path of the in-memory module, under `test/docs/.examples/`. */
  readonly path: string;
  readonly text: string;
  /** Lines of `text` before the example's first line (the generated imports). */
  readonly preludeLines: number;
  /** Names the example assumes with `declare` (its inputs): a whole program has none. */
  readonly givens: readonly string[];
  /** `file:line:column message` of every compiler error, in the example's own file and lines. */
  readonly errors: readonly string[];
}

/** A name an entry (or a source file) exports, with whether it has a value meaning. */
interface Exported {
  readonly from: string;
  readonly value: boolean;
  /** The declaring source file, to prefer the entry that exports the documented module's own name. */
  readonly declaredIn: readonly string[];
}

const BINDING_KINDS = new Set([
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.Parameter,
  ts.SyntaxKind.BindingElement,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.TypeParameter,
  ts.SyntaxKind.ImportSpecifier,
  ts.SyntaxKind.ImportClause,
  ts.SyntaxKind.NamespaceImport,
  ts.SyntaxKind.ImportEqualsDeclaration,
]);

/**
 * The names an example declares and the names it reads. Syntax only, so it can run before the
 * program exists: a property name (`a.b`, `{ b: 1 }`) is neither; a shorthand `{ b }` reads `b`.
 */
export function namesOf(code: string): { declared: Set<string>; used: Set<string> } {
  const sf = ts.createSourceFile('example.ts', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const declared = new Set<string>();
  const used = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      if ((node.parent as { name?: ts.Node }).name === node && BINDING_KINDS.has(node.parent.kind)) declared.add(node.text);
      else if (isReference(node)) used.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { declared, used };
}

/** Whether an identifier reads a value or type (not a declared, property, member or label name). */
function isReference(node: ts.Identifier): boolean {
  const p = node.parent;
  if (ts.isShorthandPropertyAssignment(p)) return true;
  if ((p as { name?: ts.Node }).name === node) return false;
  if (ts.isQualifiedName(p) && p.right === node) return false;
  if ((ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isBindingElement(p)) && p.propertyName === node) return false;
  return !ts.isLabeledStatement(p) && !ts.isBreakOrContinueStatement(p);
}

/** The compiler options of tsconfig.json, with `memkit` and `memkit/<sub>` mapped to their source entries. */
export function compilerOptions(root: string, entries: readonly Entry[]): ts.CompilerOptions {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return {
    ...options,
    noEmit: true,
    // Each example is its own module, even one without import or export.
    moduleDetection: ts.ModuleDetectionKind.Force,
    paths: Object.fromEntries(entries.map((e) => [e.specifier, [e.file]])),
  };
}

function exportsOf(checker: ts.TypeChecker, sf: ts.SourceFile | undefined, from: string, into: Map<string, Exported[]>): void {
  const moduleSymbol = sf && checker.getSymbolAtLocation(sf);
  if (!moduleSymbol) return;
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const value = (symbol.flags & ts.SymbolFlags.Value) !== 0;
    const declaredIn = (symbol.declarations ?? []).map((d) => d.getSourceFile().fileName);
    const list = into.get(exported.name) ?? [];
    list.push({ from, value, declaredIn });
    into.set(exported.name, list);
  }
}

/**
 * A TSDoc example is read beside its declaration, so the names of memkit it uses are in scope
 * without an import: each comes from the public entry that exports the documented module's own
 * declaration of it, else the first entry exporting it, else (a helper no entry exports) the
 * documented module itself. Anything else it uses (`files`, `index`) it must declare, and a
 * Markdown block, which a reader copies whole, imports everything itself.
 */
function prelude(example: Example, modulePath: string, root: string, entryExports: Map<string, Exported[]>, ownExports: Map<string, Exported[]>): string[] {
  if (example.origin !== 'tsdoc') return [];
  const { declared, used } = namesOf(example.code);
  const source = join(root, example.file);
  const imports = new Map<string, { value: string[]; type: string[] }>();
  for (const name of used) {
    if (declared.has(name)) continue;
    const candidates = entryExports.get(name) ?? [];
    const own = ownExports.get(`${source}\0${name}`)?.[0];
    const pick = candidates.find((c) => own && c.declaredIn.some((d) => own.declaredIn.includes(d))) ?? (own ? undefined : candidates[0]) ?? own;
    if (!pick) continue;
    const group = imports.get(pick.from) ?? { value: [], type: [] };
    (pick.value ? group.value : group.type).push(name);
    imports.set(pick.from, group);
  }
  const lines: string[] = [];
  for (const [from, { value, type }] of imports) {
    let specifier = from;
    if (from.startsWith('/')) {
      specifier = relative(dirname(modulePath), from).replace(/\.ts$/, '.js');
      if (!specifier.startsWith('.')) specifier = `./${specifier}`;
    }
    if (value.length) lines.push(`import { ${value.sort().join(', ')} } from '${specifier}';`);
    if (type.length) lines.push(`import type { ${type.sort().join(', ')} } from '${specifier}';`);
  }
  return lines;
}

function slug(example: Example, n: number): string {
  return `${String(n).padStart(3, '0')}-${example.file.replace(/[^A-Za-z0-9]+/g, '-')}-${example.line}.ts`;
}

/**
 * Type-checks every example in ONE program: the examples are in-memory modules under
 * `test/docs/.examples/`, importing memkit through `paths` to src/.
 */
export function compileExamples(root: string, entries: readonly Entry[], examples: readonly Example[]): CompiledExample[] {
  const options = compilerOptions(root, entries);
  const baseHost = ts.createCompilerHost(options, true);
  // The names each entry exports, and those of each source file holding a TSDoc example.
  const sourcesWithExamples = [...new Set(examples.filter((e) => e.origin === 'tsdoc').map((e) => join(root, e.file)))];
  const global = join(root, 'src/global.d.ts');
  const first = ts.createProgram({ rootNames: [global, ...entries.map((e) => e.file), ...sourcesWithExamples], options, host: baseHost });
  const checker = first.getTypeChecker();
  const entryExports = new Map<string, Exported[]>();
  for (const entry of entries) exportsOf(checker, first.getSourceFile(entry.file), entry.specifier, entryExports);
  const ownExports = new Map<string, Exported[]>();
  for (const file of sourcesWithExamples) {
    const byName = new Map<string, Exported[]>();
    exportsOf(checker, first.getSourceFile(file), file, byName);
    for (const [name, list] of byName) ownExports.set(`${file}\0${name}`, list);
  }

  const dir = join(root, 'test/docs/.examples');
  const modules = examples.map((example, n) => {
    const path = join(dir, slug(example, n));
    const lines = prelude(example, path, root, entryExports, ownExports);
    const text = `${[...lines, example.code].join('\n')}\n`;
    return { example, path, text, preludeLines: lines.length };
  });
  const byPath = new Map(modules.map((m) => [m.path, m]));
  const host: ts.CompilerHost = {
    ...baseHost,
    fileExists: (f) => byPath.has(f) || baseHost.fileExists(f),
    readFile: (f) => byPath.get(f)?.text ?? baseHost.readFile(f),
    getSourceFile: (f, language, onError, create) => {
      const m = byPath.get(f);
      if (m) return ts.createSourceFile(f, m.text, language, true, ts.ScriptKind.TS);
      return baseHost.getSourceFile(f, language, onError, create);
    },
  };
  const program = ts.createProgram({ rootNames: [global, ...byPath.keys()], options, host, oldProgram: first });

  return modules.map((m) => {
    const sf = program.getSourceFile(m.path);
    if (!sf) throw new Error(`example module missing from the program: ${m.path}`);
    const diagnostics = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
    const errors = diagnostics
      .filter((d) => d.category === ts.DiagnosticCategory.Error)
      .map((d) => {
        const at = d.start === undefined ? { line: 0, character: 0 } : sf.getLineAndCharacterOfPosition(d.start);
        const line = Math.max(0, at.line - m.preludeLines) + m.example.line;
        return `${m.example.file}:${line}:${at.character + 1} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
    return { ...m, errors, givens: givensOf(sf) };
  });
}

/** Names a module declares with `declare` (the inputs an example assumes): a whole program has none. */
function givensOf(sf: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of sf.statements) {
    if (!ts.canHaveModifiers(statement) || !ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) continue;
    if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) names.push(d.name.getText(sf));
    else names.push((statement as { name?: ts.Node }).name?.getText(sf) ?? '(declare)');
  }
  return names;
}
