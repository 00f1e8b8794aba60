// Regenerates the name lists of docs/api-surface.md from the entry points (the
// `entryPoints` of typedoc.json, i.e. every subpath of the package): each
// exported name with the first sentence of its TSDoc. The text above the
// first entry heading (`## \`memkit…\``) is kept as written. test/api-surface.test.ts
// fails when an entry's names and the page's lists differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGE = join(ROOT, 'docs/api-surface.md');

/** The package's entries by their source file, read from `entries` in tsup.config.ts (`schemas: 'src/schema/index.ts'`). */
const ENTRY_OF = new Map([...readFileSync(join(ROOT, 'tsup.config.ts'), 'utf8').matchAll(/^\s+'?([\w/]+)'?: '(src\/[^']+)',$/gm)].map((m) => [m[2], m[1]]));

/** `src/index.ts` → `memkit`, `src/schema/index.ts` → `memkit/schemas`, `src/services/ledger/index.ts` → `memkit/ledger`: the subpath tsup builds from the file. */
export function entryName(path) {
  const name = ENTRY_OF.get(path);
  if (name === undefined) throw new Error(`${path} is no entry of tsup.config.ts`);
  return name === 'index' ? 'memkit' : `memkit/${name}`;
}

/** The first sentence of a TSDoc comment, on one line. */
function firstSentence(text) {
  let doc = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\b(i\.e|e\.g|etc)\./g, '$1\u2024');
  const m = doc.match(/^(.*?)\.(\s+[A-Z`(]|$)/);
  if (m) doc = m[1];
  doc = doc
    .replace(/\u2024/g, '.')
    .replace(/:$/, '')
    .replace(/\{@link ([^}|]+)(\|[^}]*)?\}/g, '`$1`');
  return doc.length > 200 ? doc.slice(0, 197).replace(/\s\S*$/, '') + ' …' : doc;
}

/** Every entry point with its exported names, kinds and one-line descriptions. */
export function surface() {
  const typedoc = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8'));
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const program = ts.createProgram({ rootNames: typedoc.entryPoints.map((p) => join(ROOT, p)), options: { ...options, noEmit: true } });
  const checker = program.getTypeChecker();
  return typedoc.entryPoints.map((path) => {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(join(ROOT, path)));
    const names = checker
      .getExportsOfModule(moduleSymbol)
      .map((exported) => {
        const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        const decl = symbol.declarations?.[0];
        const kind =
          decl && (ts.isInterfaceDeclaration(decl) || ts.isTypeAliasDeclaration(decl))
            ? 'type'
            : decl && ts.isClassDeclaration(decl)
              ? 'class'
              : decl && ts.isFunctionDeclaration(decl)
                ? 'function'
                : 'const';
        // Where the name is declared (file and name), so two entries exporting one name can be compared.
        const origin = decl ? `${decl.getSourceFile().fileName.slice(ROOT.length)}#${symbol.name}` : exported.name;
        return { name: exported.name, kind, origin, doc: firstSentence(ts.displayPartsToString(symbol.getDocumentationComment(checker))) };
      })
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
    return { entry: entryName(path), path, names };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const head = readFileSync(PAGE, 'utf8')
    .split(/\n(?=## `)/)[0]
    .trimEnd();
  const lists = surface().map(({ entry, path, names }) => `## \`${entry}\`\n\n${names.length} names, from \`${path}\`.\n\n${names.map((n) => `- \`${n.name}\` (${n.kind}): ${n.doc}`).join('\n')}`);
  writeFileSync(PAGE, [head, ...lists].join('\n\n') + '\n');
  console.log(`docs/api-surface.md: ${lists.length} entries`);
}
