// docs/problems.md is fresh, and every problem code raised in src/ is declared in a codes.ts table.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROBLEMS_DOC, ROOT, loadDeclaredCodes, renderProblemsDoc } from '../scripts/emit-problems-doc.js';
import { KEYWORD_CODES } from '../src/schema/validate.js';
import { ALL_CODES } from '../src/surfaces/all-codes.js';

const declared = await loadDeclaredCodes();
const declaredSet = new Set(declared.map((c) => c.code));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(path));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const CODE = String.raw`[a-z][a-z0-9-]*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+`;
/** `error('x.y'`, `warning("x.y"`, `` problem(`x.y` `` and `code: 'x.y'` literals. */
const RAISED = [new RegExp(String.raw`\b(?:error|warning)\(\s*(['"\`])(${CODE})\1`, 'g'), new RegExp(String.raw`\bcode:\s*(['"\`])(${CODE})\1`, 'g')];
/** Any call whose first argument is a code-like literal (`problem('x.y'`, `p('x.y'`), kept when its prefix is a module's. */
const CALL_ARG = new RegExp(String.raw`\b[A-Za-z_$][\w$]*\(\s*(['"\`])(${CODE})\1`, 'g');
const prefixes = new Set(declared.map((c) => c.code.split('.')[0]!));
/** Extensions that mark a dotted literal as a file name, not a code. */
const FILE_LIKE = /\.(md|json|jsonl|ndjson|ts|js|mjs|cjs|sql|toml|ya?ml|txt|wasm|html)$/;

/** Every code literal raised in src/, with where it is. */
function raisedCodes(): { code: string; where: string }[] {
  const out: { code: string; where: string }[] = [];
  for (const path of sourceFiles(join(ROOT, 'src'))) {
    const file = relative(ROOT, path).split(sep).join('/');
    if (file.endsWith('/codes.ts')) continue;
    const text = readFileSync(path, 'utf8');
    for (const re of [...RAISED, CALL_ARG])
      for (const m of text.matchAll(re)) {
        const code = m[2]!;
        if (FILE_LIKE.test(code) || (re === CALL_ARG && !prefixes.has(code.split('.')[0]!))) continue;
        const line = text.slice(0, m.index).split('\n').length;
        out.push({ code, where: `${file}:${line}` });
      }
  }
  return out;
}

describe('problem codes', () => {
  it('docs/problems.md equals a fresh emit (run `npm run docs:problems`)', () => {
    expect(readFileSync(PROBLEMS_DOC, 'utf8')).toBe(renderProblemsDoc(declared));
  });

  it('every code raised in src/ is declared in some codes.ts table', () => {
    const raised = [...new Map(raisedCodes().map((r) => [`${r.code} ${r.where}`, r])).values()];
    expect(raised.length).toBeGreaterThan(20);
    const missing = raised.filter((r) => !declaredSet.has(r.code));
    const report = [...new Set(missing.map((m) => m.code))].sort().map(
      (code) =>
        `${code}  (${missing
          .filter((m) => m.code === code)
          .map((m) => m.where)
          .join(', ')})`,
    );
    expect(report, `undeclared codes:\n  ${report.join('\n  ')}`).toEqual([]);
  });

  it('every JSON Schema keyword code (schema.${keyword}) is declared', () => {
    const missing = [...new Set(Object.values(KEYWORD_CODES))].filter((c) => !declaredSet.has(c));
    expect(missing, `undeclared keyword codes: ${missing.join(', ')}`).toEqual([]);
    for (const c of ['schema.required', 'schema.additional-properties', 'schema.invalid', 'schema.format']) expect(declaredSet.has(c), c).toBe(true);
  });

  it('the CLI knows every declared code (SARIF rules carry meaning and fix)', () => {
    const missing = [...declaredSet].filter((code) => !ALL_CODES.has(code));
    expect(missing, `add their tables to ALL_CODES in src/all-codes.ts:\n  ${missing.join('\n  ')}`).toEqual([]);
  });

  it('no code is declared twice, and every entry is complete', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const c of declared) {
      const first = seen.get(c.code);
      if (first !== undefined) twice.push(`${c.code} (${first} and ${c.file}#${c.table})`);
      else seen.set(c.code, `${c.file}#${c.table}`);
    }
    expect(twice, `declared more than once:\n  ${twice.join('\n  ')}`).toEqual([]);
    const incomplete = declared.filter((c) => c.meaning.trim() === '' || c.fix.trim() === '' || !/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/.test(c.code));
    expect(incomplete.map((c) => c.code)).toEqual([]);
  });

  it('the scanner finds what it should (it can fail)', () => {
    const sample = "error('x.undeclared-one', 'm'); warning(\"y.two\", 'm'); const p = { code: 'z.three' }; error('memory-bank.md', 'm');";
    const found = RAISED.flatMap((re) => [...sample.matchAll(re)].map((m) => m[2]!)).filter((c) => !FILE_LIKE.test(c));
    expect(found.sort()).toEqual(['x.undeclared-one', 'y.two', 'z.three']);
  });
});
