// #34: `memkit check` could not be given an exact tokenizer, so summary_128 was only ever estimated.
// `--tokenizer MODULE` (and `tokenizer` in a config given with --config, relative to that file) names a module
// whose default export counts tokens; with it, over 128 is an error and no estimate warning is given.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chain, ledger } from '../check/check-files.js';
import { runCli, tempDir } from './helpers.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const entry = (summary_128: string) => ({ ts: '2026-02-20T02:00:00Z', source_agent: 'Backend', source_chunks: [], summary_128 });
// 100 words the estimate counts as more than 128 tokens (long words), under 128 words.
const LONG = 'internationalization responsibilities characteristically interdisciplinary counterrevolutionaries '.repeat(20).trim();

/** A memory directory with one activeContext.md entry, and tokenizer modules beside it (`tok/<name>.mjs`). */
function setup(summary: string, modules: Record<string, string> = {}): string {
  const t = tempDir();
  cleanups.push(t.done);
  mkdirSync(join(t.dir, 'mem', 'memory-bank'), { recursive: true });
  writeFileSync(join(t.dir, 'mem', 'memory-bank', 'activeContext.md'), ledger('Active context', chain([entry(summary)])));
  mkdirSync(join(t.dir, 'tok'));
  for (const [name, text] of Object.entries(modules)) writeFileSync(join(t.dir, 'tok', name), text);
  return t.dir;
}

async function check(root: string, ...args: string[]) {
  const r = await runCli(['check', 'mem', '--format', 'json', ...args], { cwd: root });
  return { ...r, problems: r.code === 2 ? [] : (JSON.parse(r.stdout).problems as { code: string; severity: string; pointer?: string }[]) };
}

const codes = (ps: { code: string; severity: string }[]) => ps.map((p) => [p.code, p.severity]);

describe('memkit check --tokenizer', () => {
  it('without a tokenizer, a summary over 128 by the estimate only is the warning', async () => {
    const root = setup(LONG);
    expect(codes((await check(root)).problems)).toEqual([['convention.token-estimate', 'warning']]);
  });

  it('a tokenizer counting within 128 checks the summary clean, with no estimate warning', async () => {
    const root = setup(LONG, { 'words.mjs': 'export default (text) => text.split(/\\s+/).filter(Boolean).length;\n' });
    const r = await check(root, '--tokenizer', 'tok/words.mjs');
    expect(r.problems).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('a tokenizer counting over 128 makes it schema.max-tokens, an error', async () => {
    const root = setup('Parser done; the CLI is next.', { 'chars.mjs': 'export default (text) => text.length * 10;\n' });
    const r = await check(root, '--tokenizer', join(root, 'tok', 'chars.mjs'));
    expect(r.problems.map((p) => [p.code, p.severity, p.pointer])).toEqual([['schema.max-tokens', 'error', '/summary_128']]);
    expect(r.code).toBe(1);
  });

  it('a config given with --config names it, relative to the config file; --tokenizer wins', async () => {
    const root = setup(LONG, { 'words.mjs': 'export default (text) => text.split(/\\s+/).length;\n', 'many.mjs': 'export default () => 1000;\n' });
    writeFileSync(join(root, 'team.config.json'), JSON.stringify({ tokenizer: 'tok/many.mjs' }));
    expect(codes((await check(root, '--config', 'team.config.json')).problems)).toEqual([['schema.max-tokens', 'error']]);
    expect((await check(root, '--config', 'team.config.json', '--tokenizer', 'tok/words.mjs')).problems).toEqual([]);
  });

  it('a config found in the checked directory does not run its tokenizer: a checked file may not run code', async () => {
    const marker = 'globalThis.__memkitTokenizerRan = true;\n';
    const root = setup(LONG, { 'many.mjs': `${marker}export default () => 1000;\n` });
    writeFileSync(join(root, 'mem', 'memkit.config.json'), JSON.stringify({ tokenizer: '../tok/many.mjs' }));
    const r = await check(root);
    expect(codes(r.problems)).toEqual([
      ['config.tokenizer-not-run', 'warning'],
      ['convention.token-estimate', 'warning'],
    ]);
    expect((globalThis as { __memkitTokenizerRan?: boolean }).__memkitTokenizerRan).toBeUndefined();
  });

  it('a module that cannot be loaded, or exports no function, is a usage error', async () => {
    const root = setup(LONG, { 'none.mjs': 'export const count = 1;\n' });
    const missing = await check(root, '--tokenizer', 'tok/missing.mjs');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--tokenizer tok/missing.mjs: cannot load the tokenizer module');
    const none = await check(root, '--tokenizer', 'tok/none.mjs');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("the module's default export is not a function");
  });

  it('a count that is not a number is a problem of the entry, not a pass', async () => {
    const root = setup(LONG, { 'bad.mjs': "export default () => 'many';\n" });
    const r = await check(root, '--tokenizer', 'tok/bad.mjs');
    expect(r.code).toBe(1);
    expect(r.problems.some((p) => p.severity === 'error')).toBe(true);
  });
});
