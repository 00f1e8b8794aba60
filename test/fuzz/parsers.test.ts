// Fuzzing: arbitrary strings and bytes into every parser. Each must return
// (never throw, never hang), and every failure must be a Problem with a
// declared code and a line inside the input. The default run is at least
// 100,000 cases in total; `npm run fuzz` sets MEMKIT_FUZZ_RUNS=1000000.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Problem, problemCodes } from '../../src/kernel/problems/index.js';
import { parseCodes, parseFrontmatter, parseJsonl, parseJsonlText, serializeFrontmatter, updateFrontmatter } from '../../src/syntax/index.js';
import { parseFeedbackLog, serializeFeedbackLog } from '../../src/formats/feedback-log/parse.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';
import { parseProgressTable, serializeProgressTable } from '../../src/formats/progress/parse.js';
import { parseSystemPatterns, systemPatternsBodyHash } from '../../src/formats/system-patterns/parse.js';
import { schemaCodes } from '../../src/schema/codes.js';
import { canonicalCodes } from '../../src/kernel/canonical/codes.js';
import { FORMAT_CODE_TABLES } from '../../src/formats/codes.js';

const TOTAL = Number(process.env.MEMKIT_FUZZ_RUNS ?? '') || 100_000;
const runs = (share: number) => Math.max(100, Math.round(TOTAL * share));
// parse.internal-error is declared (the guard against memkit bugs) but must never happen.
const KNOWN = new Set(
  [...Object.keys(parseCodes), ...Object.keys(problemCodes), ...Object.keys(schemaCodes), ...Object.keys(canonicalCodes), ...FORMAT_CODE_TABLES.flatMap((t) => Object.keys(t))].filter(
    (c) => c !== 'parse.internal-error',
  ),
);

// Characters that steer the parsers into their interesting states.
const STRUCTURAL = [
  '-',
  '-',
  '-',
  '\n',
  '\n',
  '\r',
  ' ',
  '#',
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  ':',
  '|',
  '\\',
  '`',
  '`',
  '`',
  '&',
  '*',
  '!',
  '?',
  '>',
  ',',
  'a',
  'y',
  '1',
  '\t',
  '\ufeff',
  '→',
  '—',
  '\u0000',
  'é',
  '\ud800',
  '~',
  '=',
];
const structural = fc.string({ unit: fc.constantFrom(...STRUCTURAL), maxLength: 80 });
const anyText = fc.oneof(
  { weight: 3, arbitrary: structural },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 60 }).map((b) => new TextDecoder().decode(b)) },
);
const withPrefix = (prefixes: string[]) => fc.tuple(fc.constantFrom(...prefixes), anyText, fc.constantFrom('', '\n---\n', '\r\n---\r\n'), anyText).map((p) => p.join(''));
const frontmatterish = fc.oneof(anyText, withPrefix(['---\n', '---\r\n', '\ufeff---\n', '---  \n']));

function lineCount(text: string): number {
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

function checkProblems(problems: readonly Problem[] | undefined, text: string, mustHave: boolean): void {
  if (mustHave) expect(problems?.length ?? 0).toBeGreaterThan(0);
  const max = lineCount(text) + 1;
  for (const p of problems ?? []) {
    if (!KNOWN.has(p.code)) throw new Error(`undeclared code ${p.code}`);
    expect(p.severity === 'error' || p.severity === 'warning').toBe(true);
    expect(typeof p.message).toBe('string');
    if (!(Number.isInteger(p.line) && p.line! >= 1 && p.line! <= max)) throw new Error(`bad line ${p.line} for ${p.code} (${max - 1} lines)`);
  }
}

describe('fuzz: frontmatter', () => {
  it('parseFrontmatter never throws; failures are located Problems; successes round-trip', () => {
    fc.assert(
      fc.property(frontmatterish, (text) => {
        const r = parseFrontmatter(text);
        checkProblems(r.problems, text, !r.ok);
        if (r.ok) {
          expect(serializeFrontmatter(r.value)).toBe(text);
          for (const h of r.value.headings()) expect(h.line).toBeGreaterThanOrEqual(r.value.bodyLine);
          expect(typeof r.value.bodyText()).toBe('string');
        }
      }),
      { numRuns: runs(0.22) },
    );
  });

  it('updateFrontmatter never throws and never changes text it refuses', () => {
    fc.assert(
      fc.property(frontmatterish, fc.dictionary(fc.constantFrom('a', 'id', 'y', 'tags', '1'), fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }), { maxKeys: 2 }), (text, patch) => {
        const r = updateFrontmatter(text, patch);
        checkProblems(r.problems, text, !r.ok);
        if (r.ok) {
          const again = parseFrontmatter(r.value);
          expect(again.ok).toBe(true);
          const before = parseFrontmatter(text);
          if (before.ok && again.ok) expect(again.value.body).toBe(before.value.body);
        }
      }),
      { numRuns: runs(0.08) },
    );
  });
});

describe('fuzz: JSON Lines', () => {
  const jsonish = fc.oneof(
    anyText,
    fc
      .array(
        fc.oneof(
          fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
          anyText,
        ),
        { maxLength: 5 },
      )
      .map((l) => l.join('\n')),
  );

  it('parseJsonlText never throws on text; one item per non-blank line', () => {
    fc.assert(
      fc.property(jsonish, fc.integer({ min: 1, max: 40 }), (text, max) => {
        const items = parseJsonlText(text, { limits: { maxLineLength: max } });
        let prev = 0;
        for (const i of items) {
          expect(i.line).toBeGreaterThan(prev);
          prev = i.line;
          if (!i.ok) checkProblems([i.problem], text, true);
        }
      }),
      { numRuns: runs(0.15) },
    );
  });

  it('parseJsonlText never throws on bytes; torn write only on the last line', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 80 }),
          jsonish.map((s) => new TextEncoder().encode(s)),
        ),
        (bytes) => {
          const items = parseJsonlText(bytes);
          const lines = lineCount(new TextDecoder().decode(bytes));
          for (const i of items) {
            if (!i.ok) {
              expect(i.problem.line).toBeLessThanOrEqual(lines);
              if (i.problem.code === 'jsonl.truncated-line') expect(i.line).toBe(lines);
              expect(KNOWN.has(i.problem.code)).toBe(true);
            }
          }
        },
      ),
      { numRuns: runs(0.15) },
    );
  });

  it('parseJsonl (streaming, random chunks) never rejects', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.uint8Array({ maxLength: 20 }), structural), { maxLength: 6 }), async (chunks) => {
        async function* source() {
          for (const c of chunks) yield c;
        }
        let n = 0;
        for await (const item of parseJsonl(source(), { limits: { maxLineLength: 16 } })) {
          if (!item.ok) expect(KNOWN.has(item.problem.code)).toBe(true);
          n++;
        }
        expect(n).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: runs(0.05) },
    );
  });
});

describe('fuzz: memory-bank files', () => {
  it('parseLedgerText never throws; entries and problems are located', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, withPrefix(['---\n', '# Log\n{', '{"a":1}\n'])), (text) => {
        const r = parseLedgerText(text, { format: 'decision-log-entry', limits: { maxLineLength: 50 } });
        checkProblems(r.problems, text, false);
        for (const e of r.entries) expect(e.line).toBeGreaterThan(r.preambleLines);
        expect(text.startsWith(r.preamble)).toBe(true);
      }),
      { numRuns: runs(0.1) },
    );
  });

  it('parseProgressTable never throws; successes round-trip', () => {
    const tableish = fc.oneof(anyText, withPrefix(['| task_id | status | agent | milestone_severity | updated_at |\n|---|---|---|---|---|\n', '|a|b|\n|-|-|\n']));
    fc.assert(
      fc.property(tableish, (text) => {
        const r = parseProgressTable(text, { limits: { maxTableRows: 5 } });
        checkProblems(r.problems, text, !r.ok);
        if (r.ok) expect(serializeProgressTable(r.value)).toBe(text);
      }),
      { numRuns: runs(0.1) },
    );
  });

  it('parseFeedbackLog never throws; successes round-trip', () => {
    const logish = fc.oneof(anyText, withPrefix(['## 2026-03-01T10:00:00Z — a → b\n\n```yaml\n', '# Log\n\n## feedback\n```yaml\n', '---\n']));
    fc.assert(
      fc.property(logish, (text) => {
        const r = parseFeedbackLog(text, { validateEntries: false });
        checkProblems(r.problems, text, !r.ok);
        if (r.ok) expect(serializeFeedbackLog(r.value)).toBe(text);
      }),
      { numRuns: runs(0.1) },
    );
  });

  it('parseSystemPatterns and systemPatternsBodyHash never throw', () => {
    fc.assert(
      fc.property(frontmatterish, (text) => {
        const r = parseSystemPatterns(text);
        checkProblems(r.problems, text, !r.ok);
        const h = systemPatternsBodyHash(text);
        if (h !== undefined) expect(h).toMatch(/^[0-9a-f]{64}$/);
      }),
      { numRuns: runs(0.05) },
    );
  });
});
