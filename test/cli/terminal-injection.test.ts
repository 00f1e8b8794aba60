// Reported: escape sequences in file names and file content reached the
// terminal raw in text output (an ESC [2J clears the screen, ESC ] 0; sets the
// window title, a CR rewrites the line), and a long id was echoed whole. Every
// text printer now shows control characters as visible escapes (\x1b, \t, …),
// keeps only the output's own line breaks, and cuts long fields to a short
// excerpt. JSON and SARIF output are escaped by JSON itself.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatText } from '../../src/surfaces/cli/format-text.js';
import { TEXT_FIELD_MAX, terminalSafe } from '../../src/surfaces/cli/terminal.js';
import { ROOT, runCli, tempDir } from './helpers.js';

/** What may never reach a terminal raw: C0 but newline, DEL, C1, line separators, bidi controls. */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** memkit's own colours (SGR sequences), the only escapes text output may hold. */
const OWN_SGR = /\u001b\[[0-9;]*m/g;

const HOSTILE = '\u001b[2J\u001b]0;pwned\u0007\r\u009b31m\u202e';
const tmp = tempDir();
const storeName = 'store\u001b[31m.json';
const ledgerName = 'log\u001b]0;t\u0007.jsonl';

beforeAll(() => {
  const store = JSON.parse(readFileSync(join(ROOT, 'examples/agent-memory/threads/thread-store.json'), 'utf8'));
  store.threads['search-ui'].parent_id = `x${HOSTILE}${'A'.repeat(5000)}`;
  writeFileSync(join(tmp.dir, storeName), JSON.stringify(store, null, 2));
  // Raw control bytes inside the file's content, not JSON-escaped.
  writeFileSync(join(tmp.dir, ledgerName), `{"a":"${HOSTILE}"}\n`);
});
afterAll(() => tmp.done());

function expectTerminalSafe(out: string, color: boolean): void {
  const rest = color ? out.replace(OWN_SGR, '') : out;
  expect(UNSAFE.exec(rest)?.[0]).toBeUndefined();
  if (!color) expect(out).not.toContain('\u001b');
}

describe('names and content cannot inject terminal control sequences', () => {
  it.each([false, true])('threads check text output (colour %s): names and ids are escaped and cut short', async (color) => {
    const r = await runCli(['threads', 'check', storeName], { cwd: tmp.dir, stdoutTTY: color });
    expect(r.code).toBe(1);
    expectTerminalSafe(r.stdout, color);
    expect(r.stdout).toContain('store\\x1b[31m.json');
    expect(r.stdout).toContain('x\\x1b[2J\\x1b]0;pwned\\x07\\r\\x9b31m\\u202e');
    // The 5,000-character id is shown as a short excerpt.
    for (const line of r.stdout.split('\n')) expect(line.length).toBeLessThan(3 * TEXT_FIELD_MAX);
    expect(r.stdout).toContain('more characters)');
  });

  it.each([false, true])('verify text output (colour %s): raw control bytes in the file and its name are escaped', async (color) => {
    const r = await runCli(['verify', ledgerName], { cwd: tmp.dir, stdoutTTY: color });
    expect(r.code).toBe(1);
    expectTerminalSafe(r.stdout, color);
    expect(r.stdout).toContain('log\\x1b]0;t\\x07.jsonl');
  });

  it('usage errors on stderr escape the names given', async () => {
    const r = await runCli(['verify', `missing${HOSTILE}.jsonl`], { cwd: tmp.dir });
    expect(r.code).toBe(2);
    expectTerminalSafe(r.stderr, false);
    const u = await runCli([`verify${HOSTILE}`], { cwd: tmp.dir });
    expect(u.code).toBe(2);
    expectTerminalSafe(u.stderr, false);
  });

  it('JSON and SARIF output stay exact (escaped by JSON) and hold the full name', async () => {
    for (const format of ['json', 'sarif']) {
      const r = await runCli(['threads', 'check', storeName, '--format', format], { cwd: tmp.dir });
      expect(UNSAFE.test(r.stdout)).toBe(false);
      expect(r.stdout).toContain(format === 'json' ? JSON.stringify(storeName).slice(1, -1) : encodeURIComponent(storeName));
      // The same value, exactly: the escapes decode back to the hostile text.
      expect(r.stdout).toContain(JSON.stringify(`x${HOSTILE}`).slice(1, -1).replace('\u009b', '\\u009b').replace('\u202e', '\\u202e'));
    }
  });

  it('formatText escapes every field of any problem, whatever it holds', () => {
    const field = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(field, field, field, field, fc.boolean(), (file, message, pointer, code, color) => {
        const out = formatText({ ok: false, root: '.', checked: [], problems: [{ code, severity: 'error', message, file, pointer, line: 1 }] }, { color });
        expectTerminalSafe(out, color);
      }),
      { numRuns: 300 },
    );
  });

  it('terminalSafe: nothing unsafe survives, newlines are kept only when asked, excerpts are bounded', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.integer({ min: 1, max: 100 }), (s, max) => {
        const all = terminalSafe(s);
        expect(UNSAFE.test(all) || all.includes('\n')).toBe(false);
        const kept = terminalSafe(s, { keepNewlines: true });
        expect(UNSAFE.test(kept)).toBe(false);
        expect(kept.split('\n').length).toBe(s.split('\n').length);
        const cut = terminalSafe(s, { max });
        if (s.length <= max) expect(cut).toBe(all);
        else expect(cut).toMatch(/… \(\d+ more characters\)$/);
        // Safe text is left as it is.
        if (!UNSAFE.test(s) && !s.includes('\n')) expect(all).toBe(s);
      }),
      { numRuns: 500 },
    );
    expect(terminalSafe('a\u001b[2Jb\tc\r\n')).toBe('a\\x1b[2Jb\\tc\\r\\n');
    expect(terminalSafe('one\ntwo\u0007', { keepNewlines: true })).toBe('one\ntwo\\x07');
  });
});
