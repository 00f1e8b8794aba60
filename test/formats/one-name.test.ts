// src/ names each file format by its format id and by nothing else: no camelCase
// (`'decisionLog'`) or snake_case (`'decision_log'`) second spelling survives as a
// string literal or an object key, and the ledger functions take the format ids.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMAT_IDS, FORMATS, formatById } from '../../src/formats/index.js';
import { LEDGER_FORMAT_IDS, LEDGER_FORMATS, isLedgerFormat, ledgerFormatOfFile } from '../../src/services/ledger/index.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');

/** The other spellings a format id could take: `decision-log` → `decisionLog`, `decision_log`. */
const SPELLINGS = FORMAT_IDS.filter((id) => id.includes('-')).flatMap((id) => [id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), id.replaceAll('-', '_')]);

const ALT = SPELLINGS.join('|');
/** A quoted string that is exactly one spelling, or an object key spelled so (`{ decisionLog: …`; not an optional field `decisionLog?:`). */
const FORBIDDEN = new RegExp(`(['"\`])(${ALT})\\1|(?:^|[{,])\\s*(${ALT})\\s*:(?!:)`, 'gm');

/** The other spellings used in `text`, with their 1-based line. */
function otherSpellings(text: string): { line: number; found: string }[] {
  return [...text.matchAll(FORBIDDEN)].map((m) => {
    const found = (m[2] ?? m[3])!;
    return { line: text.slice(0, m.index + m[0].indexOf(found)).split('\n').length, found };
  });
}

function srcFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? srcFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('one name per format in src/', () => {
  it('the scanner finds the spellings it looks for (not vacuous)', () => {
    expect(SPELLINGS).toContain('decisionLog');
    expect(SPELLINGS).toContain('riskRegister');
    expect(SPELLINGS).toContain('wbsTaskIndex');
    expect(otherSpellings("verify(t, { kind: 'decisionLog' })").map((h) => h.found)).toEqual(['decisionLog']);
    expect(otherSpellings('const m = { productContext: 1,\n  riskRegister: 2 };')).toEqual([
      { line: 1, found: 'productContext' },
      { line: 2, found: 'riskRegister' },
    ]);
    expect(otherSpellings('x = `memory_doc`')).toHaveLength(1);
    // Names of things that are not a format's name stay allowed: a module's variable, a facts field, a file name.
    expect(otherSpellings("export const decisionLog: FormatModule = x; interface B { decisionLog?: D } f('decisionLog.md'); c ? systemPatterns : y")).toEqual([]);
  });

  it('no src/ file spells a format other than by its id', () => {
    const files = srcFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => otherSpellings(readFileSync(f, 'utf8')).map((h) => `${relative(SRC, f)}:${h.line}: ${h.found}`));
    expect(found).toEqual([]);
  });
});

describe('ledger formats are format ids', () => {
  it('every ledger format is a memory-bank format the table exports as a ledger', () => {
    expect(Object.keys(LEDGER_FORMATS).sort()).toEqual([...LEDGER_FORMAT_IDS].sort());
    for (const id of LEDGER_FORMAT_IDS) {
      const f = formatById(id);
      expect(f?.id).toBe(id);
      expect(f.family).toBe('memory-bank');
      expect(f.exportKind).toBe('ledger');
      // The entry schema the ledger validates with is one the format module names.
      expect(f.schemaIds).toContain(LEDGER_FORMATS[id].schemaId);
      expect(LEDGER_FORMATS[id].format).toBe(id);
    }
  });

  it('ledgerFormatOfFile is the table of formats by bank file name', () => {
    for (const id of LEDGER_FORMAT_IDS) for (const name of formatById(id).names ?? []) expect(ledgerFormatOfFile(`any/dir/${name}`)).toBe(id);
    expect(ledgerFormatOfFile('decisionLog.md')).toBe('decision-log');
    // A bank file that is no hash chain, and any other name, has no ledger format.
    for (const p of ['memory-bank/progress.md', 'memory-bank/systemPatterns.md', 'notes.md', 'decision-log.md', 'memory-bank/decisionLog.md.bak']) expect(ledgerFormatOfFile(p)).toBeUndefined();
    const byName = FORMATS.filter((f) => isLedgerFormat(f.id)).map((f) => f.id);
    expect(byName.sort()).toEqual([...LEDGER_FORMAT_IDS].sort());
  });

  it('the old camelCase names are no ledger formats', () => {
    for (const old of ['decisionLog', 'riskRegister', 'productContext', 'activeContext', 'feedbackLog', 'toString', '__proto__']) expect(isLedgerFormat(old)).toBe(false);
  });
});
