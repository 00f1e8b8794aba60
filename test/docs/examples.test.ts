// Every TypeScript example a reader meets compiles against the public entries,
// and every one that is a whole program runs: the ```ts / ```typescript blocks
// of README.md and docs/**/*.md (found anew on each run, so a new page is
// covered without a change here) and every TSDoc `@example` of src/.
//
// - Strict as the project: tsconfig.json's options; `memkit` and `memkit/<sub>`
//   are mapped to the source entries of tsup.config.ts.
// - One program for all examples, one esbuild build and one Node process for
//   all runs.
// - An example's inputs are `declare`d (`declare const files: FilePort;`): such
//   an example is checked, not run. One without `declare` is a whole program
//   and is run in a fresh temporary directory.
// - A TSDoc example is read beside its declaration, so it may use memkit's
//   names without importing them (see compile.ts); a Markdown block, which a
//   reader copies whole, imports what it uses.
// - ```ts fragment skips a block. Only the blocks of FRAGMENTS may say so.
// - ```ts no-run checks a whole program without running it (for one that needs a
//   server or a browser); none needs it today.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CompiledExample, compileExamples, type Entry } from './compile.js';
import { collectExamples, type Example, fencedTypeScript, tsdocExamples } from './extract.js';
import { type RunOutcome, runExamples } from './run.js';

const ROOT = join(import.meta.dirname, '../..');

/** Files whose ```ts fragment block is not a program, and why a program would be silly there. */
const FRAGMENTS: Record<string, string> = {
  'docs/architecture.md': 'the shape of a rule module inside src/formats/<id>/rules/, which imports internal types by relative path',
  'docs/store.md': "a call of the test suite's own conformance helper (test/conformance/), with the adapter's opener left out",
};

const where = (e: Example) => `${e.file}:${e.line}`;

async function publicEntries(): Promise<Entry[]> {
  const { entries } = (await import(pathToFileURL(join(ROOT, 'tsup.config.ts')).href)) as { entries: Record<string, string> };
  return Object.entries(entries).map(([name, file]) => ({ specifier: name === 'index' ? 'memkit' : `memkit/${name}`, file: join(ROOT, file) }));
}

describe('extraction', () => {
  it('finds ts and typescript fences, skips other languages and keeps the fence info', () => {
    const md = ['# T', '```ts', 'const a = 1;', '```', '```sh', 'echo', '```', '~~~typescript fragment', 'b', '~~~', '````md', '```ts', 'inner', '```', '````'].join('\n');
    expect(fencedTypeScript(md, 'x.md', 'markdown')).toEqual([
      { file: 'x.md', line: 3, code: 'const a = 1;', info: [], origin: 'markdown' },
      { file: 'x.md', line: 9, code: 'b', info: ['fragment'], origin: 'markdown' },
    ]);
  });

  it("reads a tag's text as code up to the next tag, and a fenced block inside a tag", () => {
    const src = ['/**', ' * Doc.', ' * @example f(1) // 2', ' * g()', ' * @param x no', ' */', '/**', ' * @example', ' * Caption.', ' * ```ts', ' * h();', ' * ```', ' */'].join('\n');
    expect(tsdocExamples(src, 'a.ts')).toEqual([
      { file: 'a.ts', line: 3, code: 'f(1) // 2\ng()', info: [], origin: 'tsdoc' },
      { file: 'a.ts', line: 11, code: 'h();', info: [], origin: 'tsdoc' },
    ]);
  });
});

describe('documented TypeScript examples', () => {
  const examples = collectExamples(ROOT);
  const checked = examples.filter((e) => !e.info.includes('fragment'));
  let compiled = new Map<Example, CompiledExample>();
  let runs = new Map<Example, RunOutcome>();
  let runFailure: string | undefined;
  let wholePrograms = 0;

  beforeAll(async () => {
    const entries = await publicEntries();
    compiled = new Map(compileExamples(ROOT, entries, checked).map((c) => [c.example, c]));
    const whole = [...compiled.values()].filter((c) => c.errors.length === 0 && c.givens.length === 0 && !c.example.info.includes('no-run'));
    wholePrograms = whole.length;
    try {
      runs = new Map((await runExamples(ROOT, entries, whole)).map((r) => [r.example.example, r]));
    } catch (cause) {
      runFailure = cause instanceof Error ? cause.message : String(cause); // a build failure: one cause, reported once
    }
  });

  it('are found in README.md, docs/ and the TSDoc of src/', () => {
    const files = new Set(examples.map((e) => e.file));
    expect(files).toContain('README.md');
    expect([...files].some((f) => f.startsWith('docs/'))).toBe(true);
    expect(examples.filter((e) => e.origin === 'tsdoc').length).toBeGreaterThan(50);
  });

  it('mark a fragment only where FRAGMENTS says why', () => {
    const marked = [...new Set(examples.filter((e) => e.info.includes('fragment')).map((e) => e.file))].sort();
    expect(marked).toEqual(Object.keys(FRAGMENTS).sort());
  });

  it('include whole programs, built and run', () => {
    expect(runFailure).toBeUndefined();
    expect(wholePrograms).toBeGreaterThan(20);
    expect(runs.size).toBe(wholePrograms);
  });

  for (const example of checked) {
    it(`${where(example)} compiles, and runs when a whole program${example.origin === 'tsdoc' ? ' (TSDoc @example)' : ''}`, () => {
      const c = compiled.get(example);
      expect(c, 'compiled').toBeDefined();
      expect(c?.errors, `${where(example)}:\n${example.code}`).toEqual([]);
      const run = runs.get(example);
      if (run) expect(run.error, `${where(example)} is a whole program (nothing declared) and threw when run`).toBeUndefined();
    });
  }
});
