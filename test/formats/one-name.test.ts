// src/ names each file format by its format id and by nothing else: no camelCase
// (`'decisionLog'`) or snake_case (`'decision_log'`) second spelling survives as a
// string literal or an object key, and the ledger functions take the format ids.
// Outside formats/ (and schema/, where each format's schema defines its fields) no
// literal copies a format's id, file name or field name: code reads them from the
// format's module.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FORMAT_IDS, FORMATS, formatById, schemasOf } from '../../src/formats/index.js';
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

/** Every schema property name of a format with an underscore (`predecessor_hash`, `summary_128`): distinctive enough that a literal of it is a copy of the format's fact. */
function formatFieldNames(): Set<string> {
  const out = new Set<string>();
  const walk = (s: unknown, depth: number): void => {
    if (typeof s !== 'object' || s === null || depth > 16) return;
    const props = (s as { properties?: object }).properties;
    if (props !== undefined) for (const k of Object.keys(props)) if (k.includes('_')) out.add(k);
    for (const v of Object.values(s)) walk(v, depth + 1);
  };
  for (const f of FORMATS) for (const { schema } of schemasOf(f.id)) walk(schema, 0);
  return out;
}

/**
 * A CLI command's own name (`memkit progress`): the `name` of a command object or the first argument of the
 * command table's `lazy(...)`. A command may be named like the format it writes; that names the command, not the format.
 */
function isCommandName(n: ts.Node): boolean {
  const p = n.parent;
  if (ts.isPropertyAssignment(p) && p.initializer === n && ts.isIdentifier(p.name) && p.name.text === 'name')
    return ts.isObjectLiteralExpression(p.parent) && p.parent.properties.some((q) => q.name !== undefined && ts.isIdentifier(q.name) && q.name.text === 'run');
  return ts.isCallExpression(p) && p.arguments[0] === n && ts.isIdentifier(p.expression) && p.expression.text === 'lazy';
}

/** The string literals (quoted strings and the text parts of templates) of a TypeScript source, with their 1-based lines; a CLI command's name is left out. */
function stringLiterals(path: string, text: string): { line: number; value: string }[] {
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out: { line: number; value: string }[] = [];
  const visit = (n: ts.Node): void => {
    if ((ts.isStringLiteralLike(n) && !isCommandName(n)) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) {
      out.push({ line: sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1, value: n.text });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe("a format's facts live in its folder", () => {
  const NAMES = new Set<string>([...FORMAT_IDS, ...FORMATS.flatMap((f) => f.names ?? [])]);
  const FIELDS = formatFieldNames();
  /** A literal that copies a format's fact: its id, its file name (alone or ending a path) or one of its distinctive field names. */
  const copiesAFact = (v: string): boolean => NAMES.has(v) || (v.includes('/') && NAMES.has(v.slice(v.lastIndexOf('/') + 1))) || FIELDS.has(v);
  // formats/ holds the facts; schema/ holds each format's schema, which is where its field names are defined.
  const OWNERS = ['formats/', 'schema/'];

  it('the scanner finds ids, file names, paths and field names in literals, not in comments or identifiers (not vacuous)', () => {
    expect(FIELDS).toContain('predecessor_hash');
    expect(FIELDS).toContain('summary_128');
    const text =
      "// 'decision-log'\nconst a = 'decision-log';\nconst b = `x/${y}/decisionLog.md`;\nconst c = { predecessor_hash: 1 }.predecessor_hash;\nconst d = 'predecessor_hash';\nconst e = { name: 'progress', run };\nlazy('progress', 'x');\nconst f = { name: 'progress' };";
    expect(stringLiterals('x.ts', text).filter((l) => copiesAFact(l.value))).toEqual([
      { line: 2, value: 'decision-log' },
      { line: 3, value: '/decisionLog.md' },
      { line: 5, value: 'predecessor_hash' },
      { line: 8, value: 'progress' },
    ]);
  });

  it('outside formats/ and schema/, no literal in src/ names a format id, a format file or a format field', () => {
    const found = srcFiles()
      .filter((f) => !OWNERS.some((o) => relative(SRC, f).replaceAll('\\', '/').startsWith(o)))
      .flatMap((f) =>
        stringLiterals(f, readFileSync(f, 'utf8'))
          .filter((l) => copiesAFact(l.value))
          .map((l) => `${relative(SRC, f)}:${l.line}: ${l.value}`),
      );
    expect(found).toEqual([]);
  });
});
