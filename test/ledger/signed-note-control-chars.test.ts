// Reported: a TAB, CR or \x01 in a checkpoint's origin or extension lines was
// parsed, formatted and signed, although the signed-note format forbids ASCII
// control characters other than newline and Go's note.Open refuses such notes
// (a memkit-signed checkpoint that Go tools reject, and text that can rewrite
// a terminal when shown). parseCheckpoint, formatCheckpoint and
// signCheckpoint now refuse them everywhere in the note.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/helpers.js';
import { checkpoint, formatCheckpoint, isNoteText, parseCheckpoint, parseVerifierKey, signCheckpoint, verifierKeyString, verifyCheckpointSignature } from '../../src/services/ledger/index.js';

const cp = checkpoint([{ a: 1 }, { b: 2 }]);
const origin = 'example.com/memory-bank/decisionLog';
const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
const signer = { name: 'example.com/bank', privateKey: keys.privateKey, publicKey: keys.publicKey };
const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));

/** Every ASCII control character a note may not hold (all below U+0020 but newline). */
const control = fc
  .integer({ min: 0, max: 0x1f })
  .filter((c) => c !== 0x0a)
  .map((c) => String.fromCharCode(c));
/** A printable line (no control characters) to put one into. */
const line = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => isNoteText(s) && !s.includes('\n'));
const insert = (s: string, at: number, ch: string) => s.slice(0, at % (s.length + 1)) + ch + s.slice(at % (s.length + 1));

const unsigned = (o: string, ext: string[]) => {
  const good = formatCheckpoint({ origin, ...cp });
  const [, size, root] = good.split('\n');
  return [o, size, root, ...ext].join('\n') + '\n';
};

describe('signed notes holding control characters are refused, never parsed, formatted or signed', () => {
  it.each([
    ['TAB in origin', `example.com\tlog`, []],
    ['CR in origin', `example.com/log\r`, []],
    ['\\x01 in origin', `\u0001example.com/log`, []],
    ['ESC in extension', origin, ['ext \u001b[2J']],
    ['NUL in extension', origin, ['a\u0000b']],
  ] as [string, string, string[]][])('%s is refused by parse, format and sign', async (_name, o, ext) => {
    const text = unsigned(o, ext);
    expect(parseCheckpoint(text)).toMatchObject({ ok: false, problems: [{ code: 'ledger.checkpoint-invalid' }] });
    expect(() => formatCheckpoint({ origin: o, ...cp, extensions: ext })).toThrow(RangeError);
    expect(await signCheckpoint(text, signer)).toMatchObject({ ok: false, problems: [{ code: 'ledger.checkpoint-invalid' }] });
  });

  it('any control character at any position of the origin or of any extension line is refused by parse, format and sign', async () => {
    await fc.assert(
      fc.asyncProperty(line, fc.array(line, { maxLength: 3 }), control, fc.nat(), fc.nat(), async (o, ext, ch, where, at) => {
        // where % (ext.length + 1): 0 is the origin, k the k-th extension line.
        const target = where % (ext.length + 1);
        const o2 = target === 0 ? insert(o, at, ch) : o;
        const ext2 = ext.map((e, i) => (i + 1 === target ? insert(e, at, ch) : e));
        const text = unsigned(o2, ext2);
        const parsed = parseCheckpoint(text);
        expect(parsed.ok).toBe(false);
        if (!parsed.ok) {
          expect(parsed.problems.map((p) => p.code)).toEqual(['ledger.checkpoint-invalid']);
          // The line is the origin (1) or the extension line (3 + k).
          expect(parsed.problems[0]!.line).toBe(target === 0 ? 1 : 3 + target);
        }
        expect(() => formatCheckpoint({ origin: o2, ...cp, extensions: ext2 })).toThrow(RangeError);
        expect((await signCheckpoint(text, signer)).ok).toBe(false);
        // Without the control character the same note is fine everywhere.
        expect(parseCheckpoint(formatCheckpoint({ origin: o, ...cp, extensions: ext })).ok).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('a control character anywhere in a signed note (body or signature lines) makes it unreadable, not verified', async () => {
    const signed = await signCheckpoint(formatCheckpoint({ origin, ...cp, extensions: ['ext'] }), signer);
    expect(signed.ok).toBe(true);
    const note = signed.ok ? signed.value : '';
    expect((await verifyCheckpointSignature(note, { name: signer.name, publicKey: raw })).ok).toBe(true);
    await fc.assert(
      fc.asyncProperty(control, fc.nat(), async (ch, at) => {
        const bad = insert(note, at, ch);
        expect(parseCheckpoint(bad)).toMatchObject({ ok: false, problems: [{ code: 'ledger.checkpoint-invalid' }] });
        expect((await verifyCheckpointSignature(bad, { name: signer.name, publicKey: raw })).ok).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('key names with control characters are refused for signing and in verifier keys', async () => {
    for (const name of ['bank\u0001', 'ba\u001bnk', 'bank\t']) {
      expect(await signCheckpoint(formatCheckpoint({ origin, ...cp }), { ...signer, name })).toMatchObject({ ok: false, problems: [{ code: 'ledger.key-invalid' }] });
      expect(parseVerifierKey(verifierKeyString(name, raw))).toMatchObject({ ok: false, problems: [{ code: 'ledger.key-invalid' }] });
    }
  });

  it('the Go-derived malformed vectors are refused', () => {
    const v = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'signed-note', 'vectors.json'), 'utf8')) as { malformed: { note: string; line: number }[] };
    expect(v.malformed.length).toBeGreaterThanOrEqual(5);
    for (const m of v.malformed) expect(parseCheckpoint(m.note)).toMatchObject({ ok: false, problems: [{ code: 'ledger.checkpoint-invalid', line: m.line }] });
  });

  it('memkit checkpoint refuses an --origin with a control character as a usage error, not a crash', async () => {
    const ledger = 'examples/agent-memory/memory-bank/decisionLog.md';
    expect((await runCli(['checkpoint', ledger, '--origin', 'example.com/log'], { cwd: ROOT })).code).toBe(0);
    for (const o of ['example.com\tlog', 'log\r', '\u001b[31mlog']) {
      const r = await runCli(['checkpoint', ledger, '--origin', o], { cwd: ROOT });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toContain('internal error');
    }
  });

  it('DEL and non-ASCII text stay allowed (the format forbids only characters below U+0020 other than newline)', () => {
    for (const o of ['example.com/løg', 'log\u007f', 'журнал 📒']) expect(parseCheckpoint(formatCheckpoint({ origin: o, ...cp })).ok).toBe(true);
  });
});
