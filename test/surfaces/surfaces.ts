// Runs every surface that reports on memkit files over one directory and lists where they disagree:
// the library checker (what `memkit check` runs), `memkit check` and `memkit verify` in-process, and
// the MCP server's `check` and `verify` tools. A disagreement names the file and the entries that
// differ, so a failing test says which surface reports which code, severity and line.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DirectoryReport, RULES, checkDirectory } from '../../src/engine/index.js';
import { isLedgerFormat } from '../../src/services/ledger/index.js';
import { type MemkitMcpServer, createMemkitMcpServer } from '../../src/surfaces/mcp/index.js';
import { nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import type { Problem } from '../../src/kernel/problems/index.js';
import { runCli } from '../cli/helpers.js';

/**
 * Codes `memkit check` reports about a ledger from more than the ledger's own bytes, so `memkit
 * verify` (which reads one file) cannot report them: the writer policy (who may write the file) and
 * the history of the file against a base revision (`--base`). Every `check.*` code (the directory
 * walk, the layout, cross-file rules) and every `git.*` code is out of verify's reach as well.
 */
export const CHECK_ONLY_LEDGER_CODES: ReadonlySet<string> = new Set([
  // Writer policy.
  'ledger.writer-denied',
  'ledger.delete-denied',
  'ledger.immutable',
  'ledger.unknown-file',
  // History against a base revision.
  'ledger.append-only',
  'ledger.entry-edited',
  'ledger.entry-deleted',
  'ledger.entry-inserted',
  'ledger.entry-reordered',
  'ledger.preamble-changed',
  'ledger.system-patterns-rewritten',
  'ledger.system-patterns-unbacked',
  'ledger.system-patterns-version',
  // Across files: a decision's compaction against the active context it covers.
  'ledger.compaction-mismatch',
]);

/** The writer-policy codes among {@link CHECK_ONLY_LEDGER_CODES}: what check and the MCP write tools both police. */
export const WRITER_CODES: ReadonlySet<string> = new Set(['ledger.writer-denied', 'ledger.delete-denied', 'ledger.immutable', 'ledger.unknown-file']);

/** True for a code `memkit verify` can report about a ledger file: a fact about its bytes alone. */
export function inVerifyScope(code: string): boolean {
  return !code.startsWith('check.') && !code.startsWith('git.') && !CHECK_ONLY_LEDGER_CODES.has(code);
}

/** The codes of {@link CHECK_ONLY_LEDGER_CODES} the rule table does not declare (a renamed code leaves the scope stale). */
export function undeclaredScopeCodes(): string[] {
  return [...CHECK_ONLY_LEDGER_CODES].filter((c) => !RULES.has(c));
}

/** `code|severity|line`: how two surfaces' problems about one file are compared. */
export const lineKey = (p: Pick<Problem, 'code' | 'severity' | 'line'>): string => `${p.code}|${p.severity}|${p.line ?? '-'}`;
/** `file|code|severity|line|column`: how two reports of one directory are compared. */
export const fileKey = (p: Pick<Problem, 'file' | 'code' | 'severity' | 'line' | 'column'>): string => `${p.file ?? '-'}|${p.code}|${p.severity}|${p.line ?? '-'}|${p.column ?? '-'}`;
/** `code|severity`: where one surface gives no line (a refused MCP write). */
export const codeKey = (p: Pick<Problem, 'code' | 'severity'>): string => `${p.code}|${p.severity}`;

/** What `memkit verify FILE --format json` (run from the checked directory) printed and returned. */
export interface VerifyRun {
  exit: number;
  /** The report's problems (none when the CLI refused the file as a usage error, exit 2). */
  problems: Problem[];
  entries: number;
  head: string | undefined;
  stderr: string;
}

/** What the MCP `verify` tool returned for one ledger: its result, or the problems it refused the call with. */
export interface McpVerify {
  value?: { ok: boolean; entries: number; head: string; firstProblem: Problem | null; problems: number };
  refused?: Problem[];
}

/** One ledger file of the directory and what each verifying surface said about it. */
export interface LedgerRun {
  file: string;
  format: string;
  verify: VerifyRun;
  mcp: McpVerify;
}

/** What every surface reported for one directory. */
export interface SurfaceRuns {
  /** The library checker: `checkDirectory(nodeCheckSource(dir))`. */
  check: DirectoryReport;
  /** `memkit check DIR --format json`, in-process. */
  cli: { exit: number; report?: { ok: boolean; checked: { file: string; format: string }[]; problems: Problem[] }; stderr: string };
  /** The MCP `check` tool. */
  mcp: { ok: boolean; value?: { ok: boolean; checked: { file: string; format: string }[]; problems: Problem[]; truncated?: boolean }; refused?: Problem[] };
  /** Every file `check` classified as a ledger format. */
  ledgers: LedgerRun[];
}

/** The MCP server over `dir` as `memkit mcp DIR` builds it (read-only: check and verify read). */
export function mcpServer(dir: string): Promise<MemkitMcpServer> {
  return createMemkitMcpServer({ files: nodeFiles(dir, { extensions: null }), source: nodeCheckSource(dir), hasher: nodeHasher });
}

/** `memkit verify FILE --format json` run in-process from `dir`. */
export async function cliVerify(dir: string, file: string): Promise<VerifyRun> {
  const r = await runCli(['verify', file, '--format', 'json'], { cwd: dir });
  return verifyRunOf(r.code, r.stdout, r.stderr);
}

/** A {@link VerifyRun} from what the CLI printed. */
export function verifyRunOf(exit: number, stdout: string, stderr: string): VerifyRun {
  if (exit === 2) return { exit, problems: [], entries: 0, head: undefined, stderr };
  const json = JSON.parse(stdout) as { problems: Problem[]; entries: number; head: string };
  return { exit, problems: json.problems, entries: json.entries, head: json.head, stderr };
}

/** Runs every surface over `dir`. */
export async function runSurfaces(dir: string): Promise<SurfaceRuns> {
  const check = await checkDirectory(nodeCheckSource(dir), { hasher: nodeHasher });
  const c = await runCli(['check', dir, '--format', 'json'], { cwd: dir });
  const cli: SurfaceRuns['cli'] = { exit: c.code, stderr: c.stderr, ...(c.code === 2 ? {} : { report: JSON.parse(c.stdout) }) };
  const server = await mcpServer(dir);
  try {
    const m = await server.call('check', {});
    const mcp: SurfaceRuns['mcp'] = m.ok ? { ok: true, value: m.value as never } : { ok: false, refused: m.problems };
    const ledgers: LedgerRun[] = [];
    for (const { file, format } of check.checked) {
      if (!isLedgerFormat(format)) continue;
      const verify = await cliVerify(dir, file);
      const v = await server.call('verify', { ledger: file });
      ledgers.push({ file, format, verify, mcp: v.ok ? { value: v.value as never } : { refused: v.problems } });
    }
    return { check, cli, mcp, ledgers };
  } finally {
    await server.close();
  }
}

/** Entries of `a` not in `b` and of `b` not in `a`, as one line naming both sides; undefined when they are the same set. */
export function setDiff(what: string, aName: string, a: Iterable<string>, bName: string, b: Iterable<string>): string | undefined {
  const as = new Set(a);
  const bs = new Set(b);
  const onlyA = [...as].filter((x) => !bs.has(x)).sort();
  const onlyB = [...bs].filter((x) => !as.has(x)).sort();
  if (onlyA.length === 0 && onlyB.length === 0) return undefined;
  return `${what}: only ${aName}: [${onlyA.join(', ')}]; only ${bName}: [${onlyB.join(', ')}]`;
}

/** A sorted list of keys with duplicates kept (two identical problems are two). */
const multiset = (keys: string[]) => keys.sort().join('\n');

/** Where a directory report (`memkit check`, MCP `check`) differs from the library checker's. */
function reportDiff(name: string, lib: DirectoryReport, other: { ok: boolean; checked: { file: string; format: string }[]; problems: Problem[] }): string[] {
  const out: string[] = [];
  if (other.ok !== lib.ok) out.push(`${name}: ok ${other.ok}, checkDirectory ok ${lib.ok}`);
  const checked = setDiff(
    `${name} checked`,
    name,
    other.checked.map((c) => `${c.file}=${c.format}`),
    'checkDirectory',
    lib.checked.map((c) => `${c.file}=${c.format}`),
  );
  if (checked) out.push(checked);
  if (multiset(other.problems.map(fileKey)) !== multiset(lib.problems.map(fileKey)))
    out.push(setDiff(`${name} problems`, name, other.problems.map(fileKey), 'checkDirectory', lib.problems.map(fileKey)) ?? `${name} problems: the same entries, counted differently`);
  return out;
}

/**
 * Every disagreement between the surfaces over one directory:
 * - `memkit check` and MCP `check` report what `checkDirectory` reports (files, formats, problems);
 * - for each ledger, `memkit verify` reports the `code|severity|line` set that check reports for the
 *   file, restricted to the codes verify can report ({@link inVerifyScope});
 * - MCP `verify` agrees with `memkit verify`: ok, entries, head, the problem count and the first problem.
 */
export function disagreements(runs: SurfaceRuns): string[] {
  const out: string[] = [];
  if (runs.cli.report === undefined) {
    if (runs.check.checked.length > 0) out.push(`memkit check: usage error (${runs.cli.stderr.trim()}), checkDirectory checked ${runs.check.checked.length} files`);
  } else out.push(...reportDiff('memkit check', runs.check, runs.cli.report));
  if (!runs.mcp.ok) out.push(`MCP check refused: ${runs.mcp.refused!.map(codeKey).join(', ')}`);
  else if (runs.mcp.value!.truncated) out.push('MCP check: result truncated');
  else out.push(...reportDiff('MCP check', runs.check, runs.mcp.value!));

  for (const l of runs.ledgers) {
    const fromCheck = runs.check.problems.filter((p) => p.file === l.file && inVerifyScope(p.code)).map(lineKey);
    const fromVerify = l.verify.problems.filter((p) => inVerifyScope(p.code)).map(lineKey);
    const d = setDiff(`${l.file}: verify vs check`, 'verify', fromVerify, 'check', fromCheck);
    if (d) out.push(d);
    out.push(...mcpVerifyDiff(l));
  }
  return out;
}

/** Where MCP `verify` differs from `memkit verify` for one ledger. */
function mcpVerifyDiff(l: LedgerRun): string[] {
  const at = `${l.file}: MCP verify vs memkit verify`;
  const m = l.mcp.value;
  if (m === undefined) return [`${at}: MCP refused (${(l.mcp.refused ?? []).map(codeKey).join(', ')})`];
  const v = l.verify;
  if (v.exit === 2) {
    // The CLI refuses a file with no entries and no error as a usage error ("nothing to verify"); the tool has no such refusal and reports it empty.
    const mcpErrors = m.firstProblem?.severity === 'error';
    return m.entries === 0 && !mcpErrors ? [] : [`${at}: memkit verify found nothing to verify, MCP verify ${m.entries} entries, first problem ${m.firstProblem ? lineKey(m.firstProblem) : 'none'}`];
  }
  const out: string[] = [];
  const vOk = v.exit === 0;
  if (m.ok !== vOk) out.push(`${at}: ok ${m.ok} vs exit ${v.exit}`);
  if (m.entries !== v.entries) out.push(`${at}: entries ${m.entries} vs ${v.entries}`);
  if (m.head !== v.head) out.push(`${at}: head ${m.head} vs ${v.head}`);
  if (m.problems !== v.problems.length) out.push(`${at}: ${m.problems} problems vs ${v.problems.length} (${v.problems.map(lineKey).join(', ')})`);
  // The first error (else the first problem) by line; problems on one line may come in either order.
  const pool = v.problems.some((p) => p.severity === 'error') ? v.problems.filter((p) => p.severity === 'error') : v.problems;
  const firstLine = Math.min(...pool.map((p) => p.line ?? 0));
  const candidates = pool.filter((p) => (p.line ?? 0) === firstLine).map(lineKey);
  const mFirst = m.firstProblem ? lineKey(m.firstProblem) : undefined;
  if (mFirst === undefined ? candidates.length > 0 : !candidates.includes(mFirst)) out.push(`${at}: first problem ${mFirst ?? 'none'} vs ${candidates.join(' or ') || 'none'}`);
  return out;
}

/** A fresh temporary copy of `src` (a directory); `done` removes it. */
export function materialise(src: string): { dir: string; done: () => void } {
  const base = mkdtempSync(join(tmpdir(), 'memkit-surfaces-'));
  const dir = join(base, 'd');
  cpSync(src, dir, { recursive: true });
  return { dir, done: () => rmSync(base, { recursive: true, force: true }) };
}
