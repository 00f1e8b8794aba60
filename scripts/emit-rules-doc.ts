// `npm run docs:rules`: writes docs/rules.md from the rule table (src/all-codes.ts) and the rule
// examples (test/fixtures/rules/<code>/{fail,pass}/, and the examples of each format module's own rules). test/rules/rule-table.test.ts checks it is fresh.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../src/surfaces/all-codes.js';
import { FORMAT_RULES } from '../src/formats/index.js';
import { type Rule, describeSource } from '../src/kernel/problems/codes.js';

/** The repository root (this file lives in scripts/). */
export const ROOT = join(import.meta.dirname, '..');
/** The generated page. */
export const RULES_DOC = join(ROOT, 'docs', 'rules.md');
/** Where rule examples live: one directory per code. */
export const EXAMPLES_DIR = join(ROOT, 'test', 'fixtures', 'rules');

/** Lines of one example file shown before the rest is elided. */
const MAX_LINES = 40;

/** The files of a directory, recursively, as `/`-separated relative paths, sorted. */
export function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix === '' ? e.name : `${prefix}/${e.name}`;
    if (e.isDirectory()) out.push(...filesUnder(dir, rel));
    else out.push(rel);
  }
  return out.sort();
}

/** The codes that have an example: a directory under test/fixtures/rules/, or a format rule's own examples. */
export function exampleCodes(): string[] {
  const dirs = readdirSync(EXAMPLES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  return [...new Set([...dirs, ...FORMAT_RULES.keys()])].sort();
}

/** A format rule's examples as files (path → bytes) per kind; `undefined` for a code whose examples are directories. */
export function inlineExamples(code: string): { fail: Map<string, Buffer>; pass: Map<string, Buffer>; base: Map<string, Buffer> } | undefined {
  const owned = FORMAT_RULES.get(code);
  if (owned === undefined) return undefined;
  const files = (f: Readonly<Record<string, string>>) => new Map(Object.entries(f).map(([p, t]) => [p, Buffer.from(t, 'utf8')] as const));
  const { fail, pass, base = {} } = owned.rule.examples;
  return { fail: files(fail), pass: files(pass), base: files(base) };
}

function fence(text: string): string {
  let ticks = '```';
  while (text.includes(ticks)) ticks += '`';
  return ticks;
}

function showFile(path: string, bytes: Buffer): string {
  const lang = path.endsWith('.json') ? 'json' : path.endsWith('.md') ? 'markdown' : path.endsWith('.toml') ? 'toml' : '';
  if (bytes.includes(0)) return `\`${path}\`: binary data (${bytes.length} bytes)\n`;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return `\`${path}\`: not UTF-8 (${bytes.length} bytes)\n`;
  }
  // Lone CR line endings would run the lines together, and CR LF ones would not show: both are marked ␍.
  const loneCr = /\r(?!\n)/.test(text);
  const crlf = text.includes('\r\n');
  if (loneCr || crlf) text = text.replace(/\r\n?/g, '␍\n');
  const lines = text.replace(/\n$/, '').split('\n');
  const shown = lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), `… (${lines.length - MAX_LINES} more lines)`] : lines;
  const body = shown.join('\n');
  const f = fence(body);
  return `\`${path}\`${loneCr ? ' (its lines end in a lone CR, shown as ␍)' : crlf ? ' (its lines end in CR LF, the CR shown as ␍)' : ''}:\n\n${f}${lang}\n${body}\n${f}\n`;
}

/** The files of an example directory as a map from relative path to bytes (empty when it does not exist). */
function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  if (!existsSync(dir)) return out;
  for (const p of filesUnder(dir)) out.set(p, readFileSync(join(dir, p)));
  return out;
}

/**
 * One kind of example (`base`, `fail`, `pass`), showing only what differs from
 * `from` (the version it is read against): changed or new files in full, removed
 * files by name. Small pages: a pass example shows only what was made right.
 */
function showKind(files: Map<string, Buffer>, from: Map<string, Buffer> | undefined): string {
  const shown = [...files.keys()].filter((p) => from === undefined || !from.get(p)?.equals(files.get(p)!));
  const removed = from === undefined ? [] : [...from.keys()].filter((p) => !files.has(p));
  let out = shown.map((p) => showFile(p, files.get(p)!)).join('\n');
  if (removed.length > 0) out += `${out === '' ? '' : '\n'}Removed: ${removed.map((p) => `\`${p}\``).join(', ')}.\n`;
  if (from !== undefined && shown.length < files.size) out += `${out === '' ? '' : '\n'}${shown.length === 0 && removed.length === 0 ? 'The same files as above.' : 'Every other file as above.'}\n`;
  return out;
}

function examples(code: string): string {
  const dir = join(EXAMPLES_DIR, code);
  const inline = inlineExamples(code);
  const base = inline?.base ?? filesOf(join(dir, 'base'));
  const fail = inline?.fail ?? filesOf(join(dir, 'fail'));
  const pass = inline?.pass ?? filesOf(join(dir, 'pass'));
  if (fail.size === 0 && pass.size === 0) return '';
  const at = (kind: string) => (inline === undefined ? `\`test/fixtures/rules/${code}/${kind}/\`` : `the rule's \`examples.${kind}\``);
  let out = '';
  if (base.size > 0) out += `\n**Earlier version** (${at('base')}: the base revision \`memkit check --base REV\` compares with):\n\n${showKind(base, undefined)}`;
  const against = base.size > 0 ? base : undefined;
  if (fail.size > 0) out += `\n**Reported on** (${at('fail')}${against ? ', as changed since the base' : ''}):\n\n${showKind(fail, against)}`;
  if (pass.size > 0) out += `\n**Checks clean** (${at('pass')}${fail.size > 0 ? ', as changed from the failing example' : ''}):\n\n${showKind(pass, fail.size > 0 ? fail : against)}`;
  return out;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const formatsOf = (r: Rule) => (r.format === undefined ? 'any' : (typeof r.format === 'string' ? [r.format] : r.format).map((f) => `\`${f}\``).join(', '));
const kindOf = (r: Rule) => (r.source === undefined ? 'unrecorded' : typeof r.source === 'object' ? 'spec' : r.source);

/** docs/rules.md for the given rules and example codes. */
export function renderRulesDoc(rules: readonly Rule[] = [...RULES.values()], withExamples: ReadonlySet<string> = new Set(exampleCodes())): string {
  const sorted = [...rules].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const count = (k: string) => sorted.filter((r) => kindOf(r) === k).length;
  let out = `# Rules

<!-- Generated by \`npm run docs:rules\` from the rule table (src/all-codes.ts) and test/fixtures/rules/; do not edit. -->

Every problem memkit reports has a stable code, and every code is one rule of this table: what it checks, the
format it belongs to, its default severity, where it comes from, and how to fix what it found.

A rule's **source** is one of:

- a line of the format's **specification**, quoted word for word: what the specification forbids is an error under
  every profile (${count('spec')} rules);
- a **memkit convention**: memkit's own reading where the specification is silent or open (its canonical hashing
  form, its timestamp profile, id prefixes, cross-file rules no specification states). A warning under the default
  \`spec\` profile, an error under \`strict\` (${count('convention')} rules);
- **operational**: not a rule of a format but a fact about the run (a file could not be read, a limit was reached,
  memkit failed); the same severity under every profile (${count('operational')} rules).

\`memkit check --profile strict\` (or \`"profile": "strict"\` in \`memkit.config.json\`) makes conventions errors, and
\`"rules": { "<code>": "off" | "warn" | "error" }\` in the config sets any rule's severity (see [cli.md](cli.md)).
The default severity below is the one under the \`spec\` profile. Rules with an example show a small directory
that reports the rule, then what changes to make it check clean. Rules that compare two versions of a file (an
edited ledger entry, a deleted file) show the earlier version too: \`memkit check --base REV\` reads it from git.
${count('unrecorded') > 0 ? `\n${count('unrecorded')} rules have no recorded source yet; they keep their declared severity.\n` : ''}
| code | format | severity | source |
|---|---|---|---|
`;
  for (const r of sorted) out += `| [\`${r.code}\`](#${r.code.replace(/\./g, '')}) | ${formatsOf(r)} | ${r.severity} | ${kindOf(r)} |\n`;
  for (const r of sorted) {
    out += `\n## ${r.code}\n\n`;
    out += `- **Format:** ${formatsOf(r)}\n- **Default severity:** ${r.severity}\n- **Source:** ${cell(describeSource(r))}\n`;
    out += `- **Checks:** ${cell(r.meaning)}\n- **Fix:** ${cell(r.fix)}\n`;
    if (withExamples.has(r.code)) out += examples(r.code);
  }
  return out;
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  writeFileSync(RULES_DOC, renderRulesDoc());
  console.log(`wrote docs/rules.md (${RULES.size} rules)`);
}
