// Docs check: every public export of every entry point (the `entryPoints` of
// typedoc.json, i.e. every subpath of the package) carries a TSDoc comment.
// Re-exports (`export * from`) are followed to the declaration; a name declared
// both as a value and a type (`const X` + `type X`) needs a comment on each.
// Prints each undocumented export as `file:line  entry  name (kind)`; exits 1
// when there is any. `npm run docs` renders the same entry points with TypeDoc.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const typedoc = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8'));
const entryPoints = typedoc.entryPoints.map((p) => join(ROOT, p));

const configFile = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
const program = ts.createProgram({ rootNames: entryPoints, options: { ...options, noEmit: true } });
const checker = program.getTypeChecker();

const KIND = {
  [ts.SyntaxKind.FunctionDeclaration]: 'function',
  [ts.SyntaxKind.VariableDeclaration]: 'const',
  [ts.SyntaxKind.ClassDeclaration]: 'class',
  [ts.SyntaxKind.InterfaceDeclaration]: 'interface',
  [ts.SyntaxKind.TypeAliasDeclaration]: 'type',
  [ts.SyntaxKind.EnumDeclaration]: 'enum',
  [ts.SyntaxKind.ModuleDeclaration]: 'namespace',
};

/** The node whose leading comment documents `decl` (a variable's statement). */
function commentHost(decl) {
  if (ts.isVariableDeclaration(decl)) return decl.parent?.parent ?? decl;
  return decl;
}

function hasDoc(decl) {
  const host = commentHost(decl);
  const docs = ts.getJSDocCommentsAndTags(host).filter((d) => ts.isJSDoc(d));
  // A doc comment counts when it says something (text or at least one tag).
  if (docs.some((d) => (typeof d.comment === 'string' ? d.comment.trim() : d.comment?.length) || d.tags?.length)) return true;
  // Overloads: any signature's comment documents the function.
  return false;
}

const missing = [];
let checked = 0;
for (const file of entryPoints) {
  const source = program.getSourceFile(file);
  if (!source) {
    missing.push({ where: relative(ROOT, file), entry: relative(ROOT, file), name: '(entry point missing)', kind: '' });
    continue;
  }
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) continue; // `export {};` placeholder with nothing exported yet
  const entry = relative(ROOT, file);
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const decls = (symbol.declarations ?? []).filter((d) => KIND[d.kind] !== undefined && !d.getSourceFile().isDeclarationFile);
    if (decls.length === 0) continue; // re-exported from a dependency: documented there
    checked++;
    const functions = decls.filter((d) => ts.isFunctionDeclaration(d));
    const others = decls.filter((d) => !ts.isFunctionDeclaration(d));
    const undocumented = [...others.filter((d) => !hasDoc(d))];
    if (functions.length && !functions.some(hasDoc)) undocumented.push(functions[0]);
    for (const d of undocumented) {
      const sf = d.getSourceFile();
      const { line } = sf.getLineAndCharacterOfPosition(d.getStart(sf));
      missing.push({ where: `${relative(ROOT, sf.fileName)}:${line + 1}`, entry, name: exported.name, kind: KIND[d.kind] });
    }
  }
}

if (missing.length) {
  const seen = new Set();
  const unique = missing.filter((m) => {
    const key = `${m.where} ${m.name} ${m.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  console.error(`docs check: ${unique.length} public export(s) without TSDoc:`);
  for (const m of unique) console.error(`  ${m.where}  ${m.entry.replace(/^src\//, '')}  ${m.name}${m.kind ? ` (${m.kind})` : ''}`);
  console.error('Add a /** … */ comment (one line, plus an @example where it helps) above each.');
  process.exitCode = 1;
} else {
  console.log(`docs check: all ${checked} public exports across ${entryPoints.length} entry points have TSDoc`);
}
