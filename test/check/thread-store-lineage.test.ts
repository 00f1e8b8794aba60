// #20: the `exchange.thread-store-*` lineage rules (a field the declared version does not have yet, has
// removed or requires; a version newer than memkit knows) ran only before a migration, never in
// `memkit check`, though a thread store in a memory directory is a file the checker reads. They run
// there now, under their own codes (memkit conventions: warnings, errors under --profile strict), and
// the config file sets their severity. A SemVer version outside memkit's lineage is read as the format
// allows (no error), and `thread_count` in a 2.0.0 store is the lineage rule, not a schema error.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Reported, checkFiles } from './check-files.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'rules');
const store = (code: string, kind: 'fail' | 'pass') => readFileSync(join(FIXTURES, code, kind, 'threads', 'thread-store.json'), 'utf8');
const files = (text: string) => ({ 'threads/thread-store.json': text });
const codes = (ps: readonly Reported[]) => ps.map((p) => [p.code, p.severity, p.pointer]);

describe('memkit check applies the thread-store lineage rules, not only migrations', () => {
  it.each([
    ['exchange.thread-store-field-too-new', ['/threads/docs/summary']],
    ['exchange.thread-store-missing-field', ['/threads/root/updated_at', '/threads/docs/updated_at']],
    ['exchange.thread-store-field-removed', ['/metadata/thread_count']],
    ['exchange.thread-store-too-new', ['/version']],
  ] as const)('%s: reported by memkit check (a warning; an error under strict), and the config sets it', { timeout: 30_000 }, async (code, pointers) => {
    const text = store(code, 'fail');
    const spec = await checkFiles(files(text));
    expect(codes(spec.problems)).toEqual(pointers.map((p) => [code, 'warning', p]));
    expect(spec.code).toBe(0);
    const strict = await checkFiles(files(text), ['--profile', 'strict']);
    expect(codes(strict.problems)).toEqual(pointers.map((p) => [code, 'error', p]));
    expect(strict.code).toBe(1);
    const off = await checkFiles({ ...files(text), 'memkit.config.json': JSON.stringify({ profile: 'strict', rules: { [code]: 'off' } }) });
    expect(off.problems).toEqual([]);
    expect(off.code).toBe(0);
    const error = await checkFiles({ ...files(text), 'memkit.config.json': JSON.stringify({ rules: { [code]: 'error' } }) });
    expect(error.code).toBe(1);
    const pass = await checkFiles(files(store(code, 'pass')), ['--profile', 'strict']);
    expect(pass.problems).toEqual([]);
  });

  it('a SemVer version outside the lineage, and the two-part "1.0", check with no error and no lineage code', async () => {
    const base = store('exchange.thread-store-too-new', 'pass');
    for (const v of ['1.0.5', '1.2.0', '1.0']) {
      const r = await checkFiles(files(base.replace('"version": "1.0.0"', `"version": "${v}"`)), ['--profile', 'strict']);
      expect(
        r.problems.filter((p) => p.code.startsWith('exchange.')),
        v,
      ).toEqual([]);
      if (v !== '1.0') expect(r.problems, v).toEqual([]);
    }
  });
});
