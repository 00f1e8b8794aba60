// The import graph of src/: no file reaches itself through its imports, and imports between the
// folders of src/ point only down the layer order below. A new upward arrow or circle fails here;
// one that must stay is listed with its reason.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');

/**
 * The layers of src/, bottom first (docs/architecture.md): a file may import from its own
 * layer and from layers listed before its own. `.` is the files directly in src/: the
 * `memkit` entry and the `memkit/git` entry, which gathers the engine's `--base` and the
 * merge driver's services.
 */
const LAYERS = ['kernel', 'syntax', 'schema', 'formats', 'services', 'engine', 'handle', 'adapters', 'surfaces', '.'] as const;

/** The folders whose files may import Node built-ins (`node:fs`, …): the Node adapter and the CLI. Every other module runs in browsers and Deno. */
const NODE_FOLDERS = ['adapters/node/', 'surfaces/cli/'];

/** Folders only the CLI imports: the adapters (drivers, the file system) and the other surfaces. */
const CLI_ONLY = ['adapters/', 'surfaces/mcp/', 'surfaces/cli/'];

/** Files outside the CLI that import a CLI-only folder, each with why. */
const CLI_ONLY_ALLOWED: Readonly<Record<string, string>> = {
  'surfaces/all-codes.ts imports adapters/postgres/codes.ts': "the list of every code names the PostgreSQL adapter's code table (data only, no driver)",
  'surfaces/all-codes.ts imports surfaces/mcp/codes.ts': "the list of every code names the MCP server's code table (data only)",
};

/** Folder arrows that point up, `from -> to`, each with why it stays. Empty: every arrow points down. */
const UPWARD: Readonly<Record<string, string>> = {};

/** Import circles that stay, as their files sorted and joined by ` ` (see {@link circles}), each with why. Empty: there are none. */
const CIRCLES: Readonly<Record<string, string>> = {};

/** Every `.ts` file under `dir`, as `/`-separated paths relative to `dir`. */
function sourceFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix === '' ? e.name : `${prefix}/${e.name}`;
    if (e.isDirectory()) out.push(...sourceFiles(dir, rel));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(rel);
  }
  return out.sort();
}

/** Comments removed (block comments, and lines that are only a line comment or a TSDoc line). */
const withoutComments = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((l) => !/^\s*(\/\/|\*)/.test(l))
    .join('\n');

/** Static `import`/`export … from` (types included), side-effect `import '…'` and `import('…')` specifiers. */
const SPECIFIERS = [/\b(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];

/** The relative specifiers `text` imports. */
function specifiersOf(text: string): string[] {
  const code = withoutComments(text);
  return SPECIFIERS.flatMap((re) => [...code.matchAll(re)].map((m) => m[1]!)).filter((s) => s.startsWith('.'));
}

/** The import graph of `files` (path → text, `/`-separated): each file's imports of other files of the set. */
function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of files) {
    const to = new Set<string>();
    for (const spec of specifiersOf(text)) {
      const base = relative('/', resolve('/', dirname(file), spec))
        .split(sep)
        .join('/');
      const stem = base.replace(/\.(js|ts|mjs|cjs)$/, '');
      const hit = [`${stem}.ts`, `${stem}/index.ts`].find((c) => files.has(c));
      if (hit !== undefined) to.add(hit);
    }
    graph.set(file, [...to].sort());
  }
  return graph;
}

/** The import circles of `graph`: each strongly connected set of files of two or more (or one importing itself), sorted. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative so a deep chain cannot run out of stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const set: string[] = [];
        let n: string;
        do {
          n = stack.pop()!;
          onStack.delete(n);
          set.push(n);
        } while (n !== top.node);
        if (set.length > 1 || (graph.get(top.node) ?? []).includes(top.node)) out.push(set.sort());
      }
    }
  }
  return out.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** The folder of a src/ file (`.` for one directly in src/). */
const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '.');

/** Every folder arrow `from -> to` of `graph`, with the file imports that make it. */
function folderArrows(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const arrows = new Map<string, string[]>();
  for (const [file, imports] of graph)
    for (const to of imports) {
      const a = folderOf(file);
      const b = folderOf(to);
      if (a === b) continue;
      const key = `${a} -> ${b}`;
      arrows.set(key, [...(arrows.get(key) ?? []), `${file} imports ${to}`]);
    }
  return arrows;
}

const files = new Map(sourceFiles(SRC).map((f) => [f, readFileSync(join(SRC, f), 'utf8')] as const));
const graph = importGraph(files);

describe('the import graph of src/', () => {
  it('reads the graph: every file, and the imports the checker is known to make', () => {
    expect(files.size).toBeGreaterThan(100);
    expect(graph.get('engine/check-directory.ts')).toContain('formats/check-context.ts');
    expect(graph.get('index.ts')).toContain('kernel/problems/problem.ts');
  });

  it('finds a planted circle, through a type import, a re-export and a dynamic import', () => {
    const planted = new Map([
      ['a/one.ts', "import type { Two } from '../b/two.js';\nexport const one = 1;"],
      ['b/two.ts', "export { three } from './three.js';\nexport type Two = 2;"],
      ['b/three.ts', "export const three = () => import('../a/one.js');"],
      ['b/alone.ts', "import { one } from '../a/one.js';\n// import { x } from './alone.js';"],
      ['c/self.ts', "import './self.js';"],
    ]);
    const g = importGraph(planted);
    expect(g.get('b/alone.ts')).toEqual(['a/one.ts']);
    expect(circles(g)).toEqual([['a/one.ts', 'b/three.ts', 'b/two.ts'], ['c/self.ts']]);
    expect(circles(new Map([...g].filter(([f]) => f !== 'b/three.ts' && f !== 'c/self.ts')))).toEqual([]);
  });

  it('has no import circle but the listed ones, and each listed one is still there', () => {
    const found = circles(graph).map((c) => c.join(' '));
    expect(found.filter((c) => CIRCLES[c] === undefined)).toEqual([]);
    expect(
      Object.keys(CIRCLES).filter((c) => !found.includes(c)),
      'a listed circle is gone: remove it from CIRCLES',
    ).toEqual([]);
  });

  it('imports only down the layer order (each src/ folder is in LAYERS)', () => {
    const folders = new Set([...files.keys()].map(folderOf));
    expect(
      [...folders].filter((f) => !(LAYERS as readonly string[]).includes(f)),
      'add the folder to LAYERS',
    ).toEqual([]);
    const rank = (f: string) => (LAYERS as readonly string[]).indexOf(f);
    const up = [...folderArrows(graph)].filter(([key]) => {
      const [a, b] = key.split(' -> ') as [string, string];
      return rank(b) > rank(a);
    });
    expect(up.filter(([key]) => UPWARD[key] === undefined).map(([key, why]) => `${key}: ${why.join(', ')}`)).toEqual([]);
    expect(
      Object.keys(UPWARD).filter((k) => !up.some(([key]) => key === k)),
      'a listed upward arrow is gone: remove it from UPWARD',
    ).toEqual([]);
  });

  it('only adapters/node/ and surfaces/cli/ import Node built-ins', () => {
    const builtin = /\b(?:import|export)\s[^'"`;]*?\sfrom\s*['"](node:[^'"]+)['"]|\bimport\s*\(\s*['"](node:[^'"]+)['"]\s*\)/g;
    const found = [...files].flatMap(([file, text]) => [...withoutComments(text).matchAll(builtin)].map((m) => ({ file, specifier: (m[1] ?? m[2])! })));
    expect(
      found.some((f) => f.file.startsWith('adapters/node/')),
      'the check reads the imports (not vacuous)',
    ).toBe(true);
    expect(found.filter((f) => !NODE_FOLDERS.some((d) => f.file.startsWith(d))).map((f) => `${f.file}: ${f.specifier}`)).toEqual([]);
  });

  it('only the CLI imports adapters/, surfaces/mcp/ or surfaces/cli/', () => {
    const inside = (file: string, dirs: readonly string[]) => dirs.some((d) => file.startsWith(d));
    const offending = [...graph].flatMap(([file, imports]) =>
      inside(file, ['surfaces/cli/'])
        ? []
        : imports
            .filter(
              (to) =>
                inside(to, CLI_ONLY) &&
                !inside(
                  file,
                  CLI_ONLY.filter((d) => to.startsWith(d)),
                ),
            )
            .map((to) => `${file} imports ${to}`),
    );
    expect(offending.filter((o) => CLI_ONLY_ALLOWED[o] === undefined)).toEqual([]);
    expect(
      Object.keys(CLI_ONLY_ALLOWED).filter((o) => !offending.includes(o)),
      'a listed import is gone: remove it from CLI_ONLY_ALLOWED',
    ).toEqual([]);
  });

  it('the entries in src/ (memkit, memkit/git) import no adapter and no surface', () => {
    const entries = [...graph].filter(([file]) => folderOf(file) === '.');
    expect(entries.length).toBeGreaterThan(1);
    const offending = entries.flatMap(([file, imports]) => imports.filter((to) => ['adapters', 'surfaces'].includes(folderOf(to))).map((to) => `${file} imports ${to}`));
    expect(offending).toEqual([]);
  });
});
