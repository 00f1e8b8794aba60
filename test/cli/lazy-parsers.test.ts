// The built CLI loads the full YAML and Markdown parsers (dist/cli/yaml-lib.cjs, micromark-lib.cjs) only
// when a text needs them: a check of the shipped example loads neither; a memory whose frontmatter needs
// the YAML parser, whose body needs micromark and holds a named character reference, or a write that
// serializes YAML, loads them and reports what the library in this process reports.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyExample, runCli } from './helpers.js';
import { runBuilt, snapshotCli } from './write-built.js';

let cli: ReturnType<typeof snapshotCli>;
beforeAll(() => {
  cli = snapshotCli();
});
afterAll(() => cli?.done());

/** The parser bundles a run of the built CLI required (NODE_DEBUG=module names each file it loads). */
const loadedParsers = (stderr: string) => [...new Set(stderr.match(/(?:yaml|micromark)-lib\.cjs/g) ?? [])].sort();
const withoutRoot = (json: string) => ({ ...JSON.parse(json), root: undefined });

describe('the CLI loads the full parsers on demand', () => {
  it('a check of the shipped example loads neither', async () => {
    const ex = copyExample('agent-memory');
    try {
      const r = await runBuilt(cli.main, ['check', '.'], ex.dir, '', { NODE_DEBUG: 'module' });
      expect(r.code).toBe(0);
      expect(loadedParsers(r.stderr)).toEqual([]);
    } finally {
      ex.done();
    }
  });

  it('a memory that needs them loads them and reports what the library reports', async () => {
    const ex = copyExample('agent-memory');
    try {
      const doc = join(ex.dir, '.thunderus/memory/semantic/FACTS/build.md');
      const text = readFileSync(doc, 'utf8');
      // An anchor and an alias (beyond memkit's flat reader), a setext heading and an HTML block (beyond its
      // line scanner), and a named character reference.
      writeFileSync(doc, text.replace(/^tags:/m, 'aliases: &a [x, y]\nsame: *a\ntags:') + '\nTools &amp; build\n=================\n\n<div>\n\n# Inside\n\n</div>\n');
      const built = await runBuilt(cli.main, ['check', '.', '--format', 'json'], ex.dir, '', { NODE_DEBUG: 'module' });
      expect(loadedParsers(built.stderr)).toEqual(['yaml-lib.cjs']);
      const here = await runCli(['check', '.', '--format', 'json'], { cwd: ex.dir });
      expect(built.code).toBe(here.code);
      expect(withoutRoot(built.stdout)).toEqual(withoutRoot(here.stdout));
      // Indexing outlines the body: the HTML block and the setext heading take micromark.
      const search = ['search', '.', 'Inside', '--format', 'json', '--db', join(ex.dir, '..', 'built.sqlite')];
      const found = await runBuilt(cli.main, search, ex.dir, '', { NODE_DEBUG: 'module' });
      expect(loadedParsers(found.stderr)).toEqual(['micromark-lib.cjs', 'yaml-lib.cjs']);
      const foundHere = await runCli([...search.slice(0, -1), join(ex.dir, '..', 'here.sqlite')], { cwd: ex.dir });
      expect(withoutRoot(found.stdout)).toEqual(withoutRoot(foundHere.stdout));
      expect(JSON.parse(found.stdout).hits[0].snippet).toContain('Tools & build');
    } finally {
      ex.done();
    }
  });

  it('a write that serializes YAML loads the YAML bundle and writes what the library writes', async () => {
    const a = copyExample('agent-memory');
    const b = copyExample('agent-memory');
    try {
      const args = ['note', '.', '--id', 'fact.lazy', '--kind', 'fact', '--title', 'Lazy: parsers', '--tag', 'cli'];
      const built = await runBuilt(cli.main, args, a.dir, 'Loaded on demand.\n', { NODE_DEBUG: 'module' });
      expect(built.code, built.stdout + built.stderr.slice(-2000)).toBe(0);
      expect(loadedParsers(built.stderr)).toContain('yaml-lib.cjs');
      expect((await runCli(args, { cwd: b.dir, stdin: 'Loaded on demand.\n' })).code).toBe(0);
      const path = '.thunderus/memory/semantic/FACTS/fact.lazy.md';
      const strip = (t: string) => t.replace(/^(created|updated): .*$/gm, '$1: T');
      expect(strip(readFileSync(join(a.dir, path), 'utf8'))).toBe(strip(readFileSync(join(b.dir, path), 'utf8')));
    } finally {
      a.done();
      b.done();
    }
  });
});
