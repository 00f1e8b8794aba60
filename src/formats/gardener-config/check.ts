import { parse as parseToml, TomlError } from 'smol-toml';
import { utf8 } from '../../kernel/canonical/index.js';
import { error } from '../../kernel/problems/index.js';
import { MEMORY_KINDS, validate } from '../../schema/index.js';
import type { CheckContext, LoadedFile } from '../check-context.js';
import { checkJsonFormat } from '../check-json.js';

/** What one gardener config says, as memkit applies it: its size caps (with their keys' lines) and its other rules. */
interface Rules {
  path: string;
  /** The memory folder the config governs (`a/.thunderus/memory/`). */
  root: string;
  caps: Map<string, { limit: number; line: number }>;
  allowedKinds?: ReadonlySet<string>;
  dedup?: DedupStrategy;
  /** The recap template's required sections other than provenance (`check.recap-provenance` holds every recap to that one), as written. */
  sections: readonly string[];
}

type DedupStrategy = 'exact' | 'normalized-text' | 'same-title';

/** A memory doc as the gardener's rules see it. */
export interface GardenerDoc {
  path: string;
  text: string;
  kind?: unknown;
  kindLine?: number;
  title?: unknown;
  titleLine?: number;
  body?: string;
  bodyLine?: number;
  /** The heading texts of a recap. */
  headings?: readonly string[];
}

interface Doc extends Omit<GardenerDoc, 'text'> {
  bytes: number;
}

// Per-check state; kept beside the context so the context stays format-agnostic.
const state = new WeakMap<CheckContext, { configs: Rules[]; docs: Doc[] }>();
const stateOf = (ctx: CheckContext) => {
  let s = state.get(ctx);
  if (s === undefined) state.set(ctx, (s = { configs: [], docs: [] }));
  return s;
};

/** Notes one memory doc (its size, and what its frontmatter and body hold) for the gardener's rules. */
export function recordDoc(ctx: CheckContext, doc: GardenerDoc): void {
  const { text, ...facts } = doc;
  stateOf(ctx).docs.push({ ...facts, bytes: utf8(text).length });
}

/** Checks `.thunderus/memory/gardener.{toml,json}` against the gardener-config format, and keeps its rules for {@link crossCheckGardener}. */
export function checkGardener(file: LoadedFile, ctx: CheckContext): void {
  if (file.path.endsWith('.json')) {
    const parsed = checkJsonFormat(file, 'gardener-config', ctx);
    if (parsed !== undefined) keepRules(file, parsed.value, ctx, (pointer) => file.positions?.locate(pointer)?.line ?? 1);
    return;
  }
  let value: unknown;
  try {
    value = parseToml(file.text);
  } catch (cause) {
    const t = cause instanceof TomlError ? cause : undefined;
    ctx.report(file, [error('check.toml-syntax', `the TOML does not parse: ${(cause as Error).message.split('\n')[0]}`, { line: t?.line ?? 1, column: t?.column ?? 1 })]);
    return;
  }
  ctx.report(
    file,
    validate('gardener-config', value).map((p) => ({ ...p, line: tomlPointerLine(file.text, p.pointer ?? '') })),
  );
  keepRules(file, value, ctx, (pointer) => tomlPointerLine(file.text, pointer));
}

const CAP_KEYS = ['max_doc_bytes', 'max_total_bytes', 'max_docs'] as const;
const obj = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
// A cap is applied only when it is a whole number at or above its minimum; a bad value is already a schema problem.
const capValue = (v: unknown, min: number) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= min ? v : undefined);

const STRATEGIES: readonly string[] = ['exact', 'normalized-text', 'same-title'] satisfies DedupStrategy[];
const KINDS: readonly unknown[] = MEMORY_KINDS;
const PROVENANCE = /^\s*#*\s*provenance\s*$/i;

/** `v` when it is a non-empty list of distinct strings that each pass `ok`, else `undefined`. */
function validList(v: unknown, ok: (s: string) => boolean): string[] | undefined {
  if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'string' && ok(x))) return undefined;
  return new Set(v).size === v.length ? (v as string[]) : undefined;
}

function keepRules(file: LoadedFile, value: unknown, ctx: CheckContext, lineOf: (pointer: string) => number): void {
  const config = obj(value);
  if (config === undefined) return;
  const caps = new Map<string, { limit: number; line: number }>();
  const sizeCaps = obj(config.size_caps) ?? {};
  for (const k of CAP_KEYS) {
    const limit = capValue(sizeCaps[k], k === 'max_docs' ? 0 : 1);
    if (limit !== undefined) caps.set(k, { limit, line: lineOf(`/size_caps/${k}`) });
  }
  const perKind = obj(sizeCaps.max_docs_per_kind) ?? {};
  for (const kind of Object.keys(perKind)) {
    const limit = capValue(perKind[kind], 0);
    if (limit !== undefined) caps.set(`kind:${kind}`, { limit, line: lineOf(`/size_caps/max_docs_per_kind/${kind}`) });
  }
  // As with the caps, a rule whose value the schema rejects is reported there and not applied.
  const kinds = validList(config.allowed_kinds, (k) => KINDS.includes(k));
  const strategy = obj(config.dedup)?.strategy ?? config.dedup_strategy;
  const sections = [obj(config.recap_template)?.required_sections, config.required_sections].flatMap((list) => {
    const names = validList(list, (s) => s.trim() !== '');
    return names?.some((s) => PROVENANCE.test(s)) ? names.filter((s) => !PROVENANCE.test(s)) : [];
  });
  stateOf(ctx).configs.push({
    path: file.path,
    root: file.path.slice(0, file.path.lastIndexOf('/') + 1),
    caps,
    ...(kinds !== undefined ? { allowedKinds: new Set(kinds) } : {}),
    ...(typeof strategy === 'string' && STRATEGIES.includes(strategy) ? { dedup: strategy as DedupStrategy } : {}),
    sections: [...new Map(sections.map((s) => [sectionName(s), s.trim()])).values()],
  });
}

/** A section name or heading as compared: no leading `#`s, spaces collapsed, any case. */
const sectionName = (s: string) =>
  s
    .replace(/^\s*#+/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Text as the `normalized-text` and `same-title` strategies compare it: Unicode NFC, any case, spaces collapsed. */
const normalized = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/** What `strategy` compares of a doc, or `undefined` when the doc has nothing to compare (no body, no title). */
function dedupKey(d: Doc, strategy: DedupStrategy): string | undefined {
  if (strategy === 'same-title') return typeof d.title === 'string' && d.title.trim() !== '' ? normalized(d.title) : undefined;
  if (d.body === undefined || d.body.trim() === '') return undefined;
  return strategy === 'exact' ? d.body : normalized(d.body);
}

/**
 * Applies each gardener config to the memory docs under its
 * `.thunderus/memory` folder. Size caps: a doc over `max_doc_bytes` is
 * reported at the doc; going over `max_total_bytes`, `max_docs` or a
 * `max_docs_per_kind` cap at the cap's line in the config. `allowed_kinds`: a
 * doc of another kind. The dedup strategy: a doc whose body (`exact`,
 * `normalized-text`) or title (`same-title`) another doc has. The recap
 * template's required sections: a recap without one. The config is the
 * user's own rules, so breaking one is an error.
 */
export function crossCheckGardener(ctx: CheckContext): void {
  const s = state.get(ctx);
  if (s === undefined) return;
  for (const config of s.configs) {
    const docs = s.docs.filter((d) => d.path.startsWith(config.root));
    checkCaps(ctx, config, docs);
    checkKinds(ctx, config, docs);
    checkDuplicates(ctx, config, docs);
    checkSections(ctx, config, docs);
  }
}

function checkCaps(ctx: CheckContext, config: Rules, docs: readonly Doc[]): void {
  const at = (key: string) => ({ file: config.path, line: config.caps.get(key)!.line });
  const perDoc = config.caps.get('max_doc_bytes');
  if (perDoc !== undefined) {
    for (const d of docs) {
      if (d.bytes > perDoc.limit) ctx.error('check.gardener-doc-too-large', `this doc is ${d.bytes} bytes; ${config.path} caps a doc at ${perDoc.limit} (max_doc_bytes)`, { file: d.path });
    }
  }
  const total = config.caps.get('max_total_bytes');
  const sum = docs.reduce((n, d) => n + d.bytes, 0);
  if (total !== undefined && sum > total.limit)
    ctx.error('check.gardener-total-too-large', `the ${docs.length} memory docs under ${config.root} hold ${sum} bytes; max_total_bytes is ${total.limit}`, at('max_total_bytes'));
  const count = config.caps.get('max_docs');
  if (count !== undefined && docs.length > count.limit)
    ctx.error('check.gardener-too-many-docs', `there are ${docs.length} memory docs under ${config.root}; max_docs is ${count.limit}`, at('max_docs'));
  for (const [key, cap] of config.caps) {
    if (!key.startsWith('kind:')) continue;
    const kind = key.slice(5);
    const n = docs.filter((d) => d.kind === kind).length;
    if (n > cap.limit) ctx.error('check.gardener-too-many-docs', `there are ${n} ${kind} docs under ${config.root}; max_docs_per_kind.${kind} is ${cap.limit}`, at(key));
  }
}

function checkKinds(ctx: CheckContext, config: Rules, docs: readonly Doc[]): void {
  const allowed = config.allowedKinds;
  if (allowed === undefined) return;
  for (const d of docs) {
    // A kind outside the five is the doc's schema problem, not the config's.
    if (typeof d.kind !== 'string' || !KINDS.includes(d.kind) || allowed.has(d.kind)) continue;
    ctx.error('check.gardener-kind-not-allowed', `kind "${d.kind}" is not among the allowed_kinds of ${config.path} (${[...allowed].join(', ')})`, { file: d.path, line: d.kindLine ?? 1 });
  }
}

function checkDuplicates(ctx: CheckContext, config: Rules, docs: readonly Doc[]): void {
  const strategy = config.dedup;
  if (strategy === undefined) return;
  const what = strategy === 'same-title' ? 'title' : 'body';
  const first = new Map<string, Doc>();
  for (const d of docs) {
    const key = dedupKey(d, strategy);
    if (key === undefined) continue;
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, d);
      continue;
    }
    const line = (what === 'title' ? d.titleLine : d.bodyLine) ?? 1;
    ctx.error('check.gardener-duplicate-doc', `this doc's ${what} is the same as ${earlier.path}'s (dedup strategy "${strategy}" in ${config.path})`, { file: d.path, line });
  }
}

function checkSections(ctx: CheckContext, config: Rules, docs: readonly Doc[]): void {
  if (config.sections.length === 0) return;
  for (const d of docs) {
    if (d.kind !== 'recap' || d.headings === undefined) continue;
    const has = new Set(d.headings.map(sectionName));
    for (const section of config.sections)
      if (!has.has(sectionName(section)))
        ctx.error('check.gardener-recap-section-missing', `this recap has no "${section}" section; the recap template of ${config.path} requires one`, { file: d.path, line: d.bodyLine ?? 1 });
  }
}

// TOML tables look enough like YAML keys for a best-effort line: find `[table]` or `key =`.
// An item of an array is reported at the line of the array's key.
function tomlPointerLine(text: string, pointer: string): number {
  const parts = pointer.split('/').slice(1);
  while (parts.length > 1 && /^\d+$/.test(parts[parts.length - 1]!)) parts.pop();
  if (parts.length === 0) return 1;
  const lines = text.split('\n');
  const table = lines.findIndex((l) => l.trim() === `[${parts.slice(0, -1).join('.')}]` || l.trim() === `[${parts[0]}]`);
  const key = parts[parts.length - 1]!;
  const from = Math.max(0, table);
  for (let i = from; i < lines.length; i++) if (new RegExp(`^\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*=`).test(lines[i]!)) return i + 1;
  return table >= 0 ? table + 1 : 1;
}
