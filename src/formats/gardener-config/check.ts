import { parse as parseToml, TomlError } from 'smol-toml';
import { utf8 } from '../../kernel/canonical/index.js';
import { error } from '../../kernel/problems/index.js';
import { validate } from '../../schema/index.js';
import type { CheckContext, LoadedFile } from '../check-context.js';
import { checkJsonFormat } from '../check-json.js';

/** The size caps of one gardener config, and the lines of their keys. */
interface Caps {
  path: string;
  /** The memory folder the config governs (`a/.thunderus/memory/`). */
  root: string;
  caps: Map<string, { limit: number; line: number }>;
}

/** A memory doc as the caps see it. */
interface DocSize {
  path: string;
  bytes: number;
  kind?: string;
}

// Per-check state; kept beside the context so the context stays format-agnostic.
const state = new WeakMap<CheckContext, { configs: Caps[]; docs: DocSize[] }>();
const stateOf = (ctx: CheckContext) => {
  let s = state.get(ctx);
  if (s === undefined) state.set(ctx, (s = { configs: [], docs: [] }));
  return s;
};

/** Notes one memory doc's size and kind for the gardener's size caps. */
export function recordDocSize(ctx: CheckContext, path: string, text: string, kind: unknown): void {
  stateOf(ctx).docs.push({ path, bytes: utf8(text).length, ...(typeof kind === 'string' ? { kind } : {}) });
}

/** Checks `.thunderus/memory/gardener.{toml,json}` against the gardener-config format, and keeps its size caps for {@link crossCheckGardener}. */
export function checkGardener(file: LoadedFile, ctx: CheckContext): void {
  if (file.path.endsWith('.json')) {
    const parsed = checkJsonFormat(file, 'gardener-config', ctx);
    if (parsed !== undefined) keepCaps(file, parsed.value, ctx, (pointer) => file.positions?.locate(pointer)?.line ?? 1);
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
  keepCaps(file, value, ctx, (pointer) => tomlPointerLine(file.text, pointer));
}

const CAP_KEYS = ['max_doc_bytes', 'max_total_bytes', 'max_docs'] as const;
const obj = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
// A cap is applied only when it is a whole number at or above its minimum; a bad value is already a schema problem.
const capValue = (v: unknown, min: number) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= min ? v : undefined);

function keepCaps(file: LoadedFile, value: unknown, ctx: CheckContext, lineOf: (pointer: string) => number): void {
  const sizeCaps = obj(obj(value)?.size_caps);
  if (sizeCaps === undefined) return;
  const caps = new Map<string, { limit: number; line: number }>();
  for (const k of CAP_KEYS) {
    const limit = capValue(sizeCaps[k], k === 'max_docs' ? 0 : 1);
    if (limit !== undefined) caps.set(k, { limit, line: lineOf(`/size_caps/${k}`) });
  }
  const perKind = obj(sizeCaps.max_docs_per_kind) ?? {};
  for (const kind of Object.keys(perKind)) {
    const limit = capValue(perKind[kind], 0);
    if (limit !== undefined) caps.set(`kind:${kind}`, { limit, line: lineOf(`/size_caps/max_docs_per_kind/${kind}`) });
  }
  stateOf(ctx).configs.push({ path: file.path, root: file.path.slice(0, file.path.lastIndexOf('/') + 1), caps });
}

/**
 * Applies each gardener config's size caps to the memory docs under its
 * `.thunderus/memory` folder: a doc over `max_doc_bytes` is reported at the
 * doc; going over `max_total_bytes`, `max_docs` or a `max_docs_per_kind` cap
 * is reported at the cap's line in the config. The caps are the user's own
 * rules, so breaking one is an error.
 */
export function crossCheckGardener(ctx: CheckContext): void {
  const s = state.get(ctx);
  if (s === undefined) return;
  for (const config of s.configs) {
    const docs = s.docs.filter((d) => d.path.startsWith(config.root));
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
