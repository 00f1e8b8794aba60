/** The table of formats: one module per memkit file format; every classifier in memkit reads it, so none can disagree about what a path holds. */
import type { CodeInfo } from '../kernel/problems/codes.js';
import { type SchemaObject, getFormat } from '../schema/registry.js';
import { activeContext } from './active-context/index.js';
import { artifactsManifest } from './artifacts-manifest/index.js';
import { decisionLog } from './decision-log/index.js';
import { events } from './events/index.js';
import { exportBundle } from './export-bundle/index.js';
import { feedbackLog } from './feedback-log/index.js';
import { gardenerConfig } from './gardener-config/index.js';
import { type Layout, baseOf, dirOf, insideThunderusMemory, isNamedBankDir } from './layout.js';
import { memoryDoc } from './memory-doc/index.js';
import { memoryManifest } from './memory-manifest/index.js';
import { productContext } from './product-context/index.js';
import { progress } from './progress/index.js';
import { riskRegister } from './risk-register/index.js';
import { systemPatterns } from './system-patterns/index.js';
import { threadStore } from './thread-store/index.js';
import type { FormatRule } from './rule.js';
import type { FormatModule, LedgerFormatModule } from './types.js';
import { wbsTask } from './wbs-task/index.js';
import { wbsTaskIndex } from './wbs-task-index/index.js';
import { workflowState } from './workflow-state/index.js';

export type { ExampleFiles, FormatRule, RuleFile } from './rule.js';
export { ALL_AGENTS, type FormatModule, type LedgerFacts, type LedgerFormatModule, type ParserBinding, type WriterRule } from './types.js';
export { type Layout, MEMORY_BANK_DIR, baseOf, dirOf, fileNameOf, isMemoryLocation, isReadme } from './layout.js';
export { THUNDERUS_MEMORY_ROOT, isMemoryDocName } from './memory-doc/index.js';
export { looksLikeThreadStore } from './thread-store/index.js';
export { looksLikeExportBundle } from './export-bundle/index.js';
export {
  activeContext,
  artifactsManifest,
  decisionLog,
  events,
  exportBundle,
  feedbackLog,
  gardenerConfig,
  memoryDoc,
  memoryManifest,
  productContext,
  progress,
  riskRegister,
  systemPatterns,
  threadStore,
  wbsTask,
  wbsTaskIndex,
  workflowState,
};

/**
 * Every file format. A path takes the format whose location matcher claims it (at most one does); a path no
 * location claims is a candidate of the formats told by content, in this order, until a sniffer accepts its text.
 */
export const FORMATS = Object.freeze([
  memoryManifest,
  gardenerConfig,
  events,
  wbsTaskIndex,
  wbsTask,
  systemPatterns,
  productContext,
  activeContext,
  decisionLog,
  progress,
  riskRegister,
  workflowState,
  artifactsManifest,
  feedbackLog,
  memoryDoc,
  threadStore,
  exportBundle,
] as const) satisfies readonly FormatModule[];

/** A file format id, e.g. `decision-log`: the one name of a format, used by every folder (the checker, exchange, the CLI, the rule table's `format` field). */
export type FormatId = (typeof FORMATS)[number]['id'];

/** Every format id, in the table's order. */
export const FORMAT_IDS: readonly FormatId[] = Object.freeze(FORMATS.map((f) => f.id));

const IDS: ReadonlySet<string> = new Set(FORMAT_IDS);

/** True when `s` is a {@link FormatId}. */
export function isFormatId(s: string): s is FormatId {
  return IDS.has(s);
}

/** The ids of the formats that are hash-chained ledgers (their modules have `ledger` facts). */
export type LedgerFormatId = Extract<(typeof FORMATS)[number], { readonly ledger: object }>['id'];

/** The modules of the hash-chained ledger formats, in table order. */
export const LEDGER_MODULES: readonly LedgerFormatModule<LedgerFormatId>[] = FORMATS.filter((f): f is Extract<(typeof FORMATS)[number], { readonly ledger: object }> => 'ledger' in f);

/** The memory bank's file names and their format ids. */
export const MEMORY_BANK_FILES: Readonly<Record<string, FormatId>> = Object.freeze(
  Object.fromEntries(FORMATS.filter((f) => f.family === 'memory-bank').flatMap((f) => (f.names ?? []).map((n) => [n, f.id]))),
);

/** Names that mark a directory as a bank: the bank files plus the prose layout's own core files. */
const BANK_MARKERS: ReadonlySet<string> = new Set([...Object.keys(MEMORY_BANK_FILES), 'projectbrief.md', 'techContext.md']);

/** How many marker files make an unnamed directory a bank. */
const BANK_MIN_MARKERS = 2;

function layoutOver(isBankDir: (dir: string) => boolean): Layout {
  return Object.freeze({ isBankDir, isBankFile: (path: string) => Object.hasOwn(MEMORY_BANK_FILES, baseOf(path)) && isBankDir(dirOf(path)) });
}

/** The layout known from one path alone: only directories named `memory-bank` are banks. */
export const PATH_ONLY_LAYOUT: Layout = layoutOver(isNamedBankDir);

/**
 * The layout of a listing: a directory is a bank when named `memory-bank` or holding at least two memory bank
 * file names (prose core files count); under `.thunderus/memory/` only a named bank counts.
 * @example
 * layoutOf(['docs/progress.md']).isBankDir('docs') // false
 * layoutOf(['bank/progress.md', 'bank/activeContext.md']).isBankDir('bank') // true
 */
export function layoutOf(paths: Iterable<string>): Layout {
  const markers = new Map<string, number>();
  for (const p of paths) {
    if (!BANK_MARKERS.has(baseOf(p)) || insideThunderusMemory(p)) continue;
    const d = dirOf(p);
    markers.set(d, (markers.get(d) ?? 0) + 1);
  }
  const banks = new Set<string>();
  for (const [d, n] of markers) if (n >= BANK_MIN_MARKERS) banks.add(d);
  return layoutOver((dir) => isNamedBankDir(dir) || banks.has(dir));
}

/**
 * The memory bank format a file name gives, by name alone: for a file the user names, not for discovery.
 * @example bankFormatOfName('x/decisionLog.md') // 'decision-log'
 */
export function bankFormatOfName(path: string): FormatId | undefined {
  const base = baseOf(path);
  return Object.hasOwn(MEMORY_BANK_FILES, base) ? MEMORY_BANK_FILES[base] : undefined;
}

/** {@link FORMATS} as format modules keyed by {@link FormatId}: for code that reads one fact of every format. */
export const FORMAT_MODULES: readonly FormatModule<FormatId>[] = FORMATS;

const BY_ID: ReadonlyMap<FormatId, FormatModule<FormatId>> = new Map(FORMAT_MODULES.map((f) => [f.id, f]));

/** Every rule a format's module owns, by code, with the format that owns it. */
export const FORMAT_RULES: ReadonlyMap<string, { readonly format: FormatId; readonly rule: FormatRule }> = new Map(
  FORMAT_MODULES.flatMap((f) => (f.rules ?? []).map((rule) => [rule.code, { format: f.id, rule }] as const)),
);

/** The rule-table entries of the format modules' rules (a `defineCodes` table): each rule's metadata and its format. */
export const FORMAT_RULE_CODES: Readonly<Record<string, CodeInfo>> = Object.freeze(Object.fromEntries([...FORMAT_RULES].map(([code, { format, rule }]) => [code, { ...rule.info, format }])));

/** The module of a format id. */
export function formatById<Id extends FormatId>(id: Id): FormatModule<Id> {
  return BY_ID.get(id) as FormatModule<Id>;
}

/** How a path was classified: a format by location, or the formats its text may hold (read it and sniff). */
export type PathClass = { format: FormatId } | { sniff: readonly FormatId[] } | undefined;

// Matchers indexed by the file names they can claim, so a path runs only the matchers that may apply.
const BY_NAME = new Map<string, FormatModule<FormatId>[]>();
for (const f of FORMAT_MODULES) for (const n of f.names ?? []) BY_NAME.set(n, [...(BY_NAME.get(n) ?? []), f]);
const ANY_NAME = FORMAT_MODULES.filter((f) => f.names === undefined);
const sniffed = (f: FormatModule) => f.mayHold !== undefined && f.sniff !== undefined;

/**
 * Classifies one path (relative, `/`-separated); without `layout` only a directory named `memory-bank` is a bank.
 * @example
 * classifyPath('.claude/memory/tasks/1.2.json') // { format: 'wbs-task' }
 * classifyPath('docs/progress.md') // { sniff: ['progress'] }: outside a bank, only a progress table is one
 * classifyPath('threads/store.json') // { sniff: ['thread-store'] }
 */
export function classifyPath(path: string, layout: Layout = PATH_ONLY_LAYOUT): PathClass {
  const named = BY_NAME.get(baseOf(path)) ?? [];
  for (const f of named) if (f.matches(path, layout)) return { format: f.id };
  for (const f of ANY_NAME) if (f.matches(path, layout)) return { format: f.id };
  const candidates: FormatId[] = [];
  for (const f of named) if (sniffed(f) && f.mayHold!(path, layout)) candidates.push(f.id);
  for (const f of ANY_NAME) if (sniffed(f) && f.mayHold!(path, layout)) candidates.push(f.id);
  return candidates.length > 0 ? { sniff: candidates } : undefined;
}

// Known file names by their lower case, to find a name spelled in another case.
const BY_LOWER_NAME = new Map<string, string[]>();
for (const n of BY_NAME.keys()) BY_LOWER_NAME.set(n.toLowerCase(), [...(BY_LOWER_NAME.get(n.toLowerCase()) ?? []), n]);

/**
 * The memory file a path would be with its last segment spelled in the right case, if classification would
 * place that spelling by location; `undefined` otherwise.
 * @example caseVariantOf('memory-bank/DecisionLog.md') // { path: 'memory-bank/decisionLog.md', format: 'decision-log' }
 */
export function caseVariantOf(path: string, layout: Layout = PATH_ONLY_LAYOUT): { path: string; format: FormatId } | undefined {
  const base = baseOf(path);
  const dir = dirOf(path);
  const dot = base.lastIndexOf('.');
  const lowerExt = dot > 0 ? base.slice(0, dot) + base.slice(dot).toLowerCase() : base;
  const spellings = [...(BY_LOWER_NAME.get(base.toLowerCase()) ?? []), lowerExt].filter((n) => n !== base);
  for (const name of spellings) {
    const candidate = dir === '' ? name : `${dir}/${name}`;
    const c = classifyPath(candidate, layout);
    if (c !== undefined && 'format' in c) return { path: candidate, format: c.format };
  }
  return undefined;
}

/** Classifies every path of a listing, with the memory banks the listing itself shows (see `layoutOf`). */
export function classifyPaths(paths: readonly string[]): Map<string, NonNullable<PathClass>> {
  const layout = layoutOf(paths);
  const out = new Map<string, NonNullable<PathClass>>();
  for (const p of paths) {
    const c = classifyPath(p, layout);
    if (c !== undefined) out.set(p, c);
  }
  return out;
}

/** The first sniffing format among `candidates` whose sniffer accepts `text`. */
export function sniffFormat(candidates: readonly FormatId[], text: string): FormatId | undefined {
  return candidates.find((id) => BY_ID.get(id)?.sniff?.(text) === true);
}

/**
 * The rule codes a format owns: the entries of a rule table (passed in, as the checkers sit above this folder) whose `format` names it.
 * @example rulesOf('decision-log', RULES) // ['ledger.predecessor-mismatch', …]
 */
export function rulesOf(id: FormatId, table: Iterable<readonly [string, Pick<CodeInfo, 'format'>]>): string[] {
  const out: string[] = [];
  for (const [code, info] of table) {
    const f = info.format;
    if (f === id || (Array.isArray(f) && f.includes(id))) out.push(code);
  }
  return out;
}

/** The TypeBox schemas of a format's values (from the schema registry, by the module's `schemaIds`). */
export function schemasOf(id: FormatId): { id: string; schema: SchemaObject }[] {
  return formatById(id).schemaIds.flatMap((s) => {
    const def = getFormat(s);
    return def === undefined ? [] : [{ id: s, schema: def.schema }];
  });
}
