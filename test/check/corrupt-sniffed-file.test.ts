// #25.5: one NUL byte (or one invalid UTF-8 byte) in an export bundle or a
// thread store made `memkit check` skip the file and exit 0, while
// `threads check` and `drill` caught it. A file that sniffs as one of these
// formats apart from its corruption is now reported and listed as checked;
// unrelated binary `.json` / `.jsonl` files a user keeps are still left alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';

const EXAMPLE = join(import.meta.dirname, '../../examples/agent-memory');
const store = new Uint8Array(readFileSync(join(EXAMPLE, 'threads/thread-store.json')));
const bundle = new Uint8Array(readFileSync(join(EXAMPLE, 'exports/kani-2026-02-22.ndjson')));

/** `bytes` with the byte at `at` replaced by `value`. */
const corrupt = (bytes: Uint8Array, at: number, value: number) => {
  const out = bytes.slice();
  out[at] = value;
  return out;
};

const check = (files: Record<string, Uint8Array>) => checkDirectory(sourceFromFilePort(memoryFiles(files)));
const summary = (r: Awaited<ReturnType<typeof check>>) => ({
  ok: r.ok,
  checked: r.checked,
  problems: r.problems.map((p) => `${p.file} ${p.code} ${p.severity}`),
});

describe('a corrupt file that sniffs as a thread store or export bundle is an error, not skipped', () => {
  it('the clean files check clean (so each corruption below is what fails)', { timeout: 30_000 }, async () => {
    expect(summary(await check({ 'threads/thread-store.json': store, 'exports/b.ndjson': bundle }))).toEqual({
      ok: true,
      checked: [
        { file: 'exports/b.ndjson', format: 'export-bundle' },
        { file: 'threads/thread-store.json', format: 'thread-store' },
      ],
      problems: [],
    });
  });

  for (const [name, value, code] of [
    ['a NUL byte', 0, 'check.binary-file'],
    ['an invalid UTF-8 byte', 0xff, 'input.invalid-utf8'],
  ] as const) {
    for (const at of ['start', 'middle', 'end'] as const) {
      it(`${name} at the ${at} of a thread store and of an export bundle is an error, not a skip`, { timeout: 30_000 }, async () => {
        // Never inside the sniffed signal itself (a key of the store, the bundle's first-line marker).
        const pos = (bytes: Uint8Array) => (at === 'start' ? 1 : at === 'middle' ? bytes.length >> 1 : bytes.length - 2);
        const r = await check({ 'threads/thread-store.json': corrupt(store, pos(store), value), 'exports/b.ndjson': corrupt(bundle, pos(bundle), value) });
        expect(summary(r)).toEqual({
          ok: false,
          checked: [
            { file: 'exports/b.ndjson', format: 'export-bundle' },
            { file: 'threads/thread-store.json', format: 'thread-store' },
          ],
          problems: [`exports/b.ndjson ${code} error`, `threads/thread-store.json ${code} error`],
        });
      });
    }
  }

  it('unrelated binary .json, .jsonl and .ndjson files are not reported', { timeout: 30_000 }, async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff, 0xfe]);
    const text = new TextEncoder().encode('{"version":1,"threads":[]}\n\u0000{"a":1}\n');
    const r = await check({ 'assets/logo.json': png, 'data/log.jsonl': png, 'data/rows.ndjson': text, 'data/config.json': text, 'threads/thread-store.json': store });
    expect(summary(r)).toEqual({ ok: true, checked: [{ file: 'threads/thread-store.json', format: 'thread-store' }], problems: [] });
  });
});
