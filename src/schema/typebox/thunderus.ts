import type { Static } from 'typebox';
import type { TLocalizedValidationError } from 'typebox/error';
import { Type } from './type.js';
import { interpretedErrors } from '../typebox-check.js';
import { type Problem, error, joinPointer, warning } from '../../kernel/problems/index.js';
import { AnyObject, GitSha, NonEmpty, Rfc3339DateTime as DateTime, StringEnum } from './common.js';
import { withForm } from '../form.js';
import { isObject } from '../../kernel/object.js';

/** The five memory doc kinds of the thunderus seed. */
export const MEMORY_KINDS = ['core', 'fact', 'adr', 'playbook', 'recap'] as const;
/** A memory doc kind. */
export const MemoryKind = StringEnum(MEMORY_KINDS, 'memory doc kind');

/** The form memkit gives memory doc ids (`fact.testing.llvm-cov`; the seed says only `<stable-id>`): others are `convention.thunderus-id`. */
export const MEMORY_DOC_ID_FORM = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

/** A stable memory doc id such as `fact.testing.llvm-cov` (any non-empty string; see {@link MEMORY_DOC_ID_FORM}). */
export const MemoryDocId = withForm(Type.String({ minLength: 1, description: 'stable memory doc id' }), (s) => MEMORY_DOC_ID_FORM.test(s));

// The seed shows ids as `evt_...`, `patch_...`, `snap_...`, `sess_...`: the prefix, then anything.
// memkit writes letters, digits, `.`, `_` and `-` after it (ID_FORMS); other characters are convention.thunderus-id.
/** Event ids: `evt_` then at least one character. */
export const EVENT_ID_PATTERN = '^evt_.+$';
/** Patch ids: `patch_` then at least one character. */
export const PATCH_ID_PATTERN = '^patch_.+$';
/** Snapshot ids: `snap_` then at least one character. */
export const SNAPSHOT_ID_PATTERN = '^snap_.+$';
/** Session ids of events: `sess_` then at least one character. */
export const EVENT_SESSION_ID_PATTERN = '^sess_.+$';
/** What memkit writes after an id prefix. */
const ID_TAIL = /^[a-z]+_[A-Za-z0-9._-]+$/;

/** A prefixed id (`evt_…`, …) in the form memkit writes: `prefix`, then letters, digits, `.`, `_` or `-`. */
const prefixedForm = (prefix: string) => (s: string) => s.startsWith(prefix) && ID_TAIL.test(s);
/** A string of `pattern` (an id prefix, then anything), with the form memkit writes such ids in. */
const PrefixedId = (pattern: string, prefix: string, description?: string) => withForm(Type.String(description === undefined ? { pattern } : { pattern, description }), prefixedForm(prefix));

/** Back-links from a memory doc into events and the patch queue. */
export const Provenance = Type.Object(
  {
    events: Type.Array(PrefixedId(EVENT_ID_PATTERN, 'evt_', 'event id in events.jsonl')),
    patches: Type.Array(PrefixedId(PATCH_ID_PATTERN, 'patch_', 'patch id')),
    commits: Type.Optional(Type.Array(GitSha)),
  },
  { description: 'back-links into events.jsonl and patch queue events' },
);

/** When and how a memory doc was last checked against the code. */
export const Verification = Type.Object({
  last_verified_commit: Type.Union([GitSha, Type.Null()]),
  status: StringEnum(['verified', 'stale', 'unknown'] as const),
});

/** YAML frontmatter of a memory doc (CORE.md, FACTS/*.md, ADR-*.md, PLAYBOOKS/*.md, recaps). */
export const MemoryDocFrontmatter = Type.Object(
  {
    id: MemoryDocId,
    title: NonEmpty('human title'),
    kind: MemoryKind,
    tags: Type.Array(Type.String()),
    created: DateTime,
    updated: DateTime,
    provenance: Provenance,
    verification: Verification,
  },
  { title: 'memory doc frontmatter' },
);

/** One doc in the memory manifest. */
export const ManifestDoc = Type.Object({
  path: NonEmpty('path of the doc, relative to the repository root'),
  id: MemoryDocId,
  kind: MemoryKind,
  title: NonEmpty(),
  tags: Type.Array(Type.String()),
  updated: DateTime,
  provenance: Provenance,
});

/** `.thunderus/memory/indexes/manifest.json`: the inventory of memory docs. */
export const MemoryManifest = Type.Object(
  {
    version: Type.Literal(1),
    generated_at: DateTime,
    docs: Type.Array(ManifestDoc),
  },
  { title: 'memory manifest' },
);

/** Event actors. */
export const EVENT_ACTORS = ['user', 'agent', 'tool'] as const;
/** Event kinds. */
export const EVENT_KINDS = ['message', 'tool_call', 'tool_result', 'approval', 'patch', 'snapshot', 'note'] as const;

/** References an event makes to paths, patches, snapshots and memory docs. */
export const EventRefs = Type.Object({
  paths: Type.Optional(Type.Array(Type.String())),
  patch_id: Type.Optional(PrefixedId(PATCH_ID_PATTERN, 'patch_')),
  snapshot_id: Type.Optional(PrefixedId(SNAPSHOT_ID_PATTERN, 'snap_')),
  memory_doc_ids: Type.Optional(Type.Array(MemoryDocId)),
});

/**
 * One line of `events.jsonl` (v1). `refs.patch_id` is required when `kind` is
 * `patch`, `refs.snapshot_id` when it is `snapshot`.
 */
export const EventV1 = Type.Object(
  {
    v: Type.Literal(1),
    id: PrefixedId(EVENT_ID_PATTERN, 'evt_'),
    ts: DateTime,
    session_id: PrefixedId(EVENT_SESSION_ID_PATTERN, 'sess_'),
    actor: StringEnum(EVENT_ACTORS),
    kind: StringEnum(EVENT_KINDS),
    refs: EventRefs,
    body: AnyObject('kind-specific payload'),
  },
  {
    title: 'event (v1)',
    allOf: [
      {
        if: { type: 'object', properties: { kind: { type: 'string', const: 'patch' } }, required: ['kind'] },
        then: { type: 'object', properties: { refs: { type: 'object', properties: { patch_id: { type: 'string' } }, required: ['patch_id'] } } },
      },
      {
        if: { type: 'object', properties: { kind: { type: 'string', const: 'snapshot' } }, required: ['kind'] },
        then: { type: 'object', properties: { refs: { type: 'object', properties: { snapshot_id: { type: 'string' } }, required: ['snapshot_id'] } } },
      },
    ],
  },
);

/** Dedup strategies the gardener knows. */
export const DEDUP_STRATEGIES = ['none', 'exact', 'normalized-text', 'same-title'] as const;

/** A section name that is the seed's provenance section (`Provenance`, `provenance`, `## Provenance`). */
const PROVENANCE_SECTION = '^\\s*#*\\s*[Pp][Rr][Oo][Vv][Ee][Nn][Aa][Nn][Cc][Ee]\\s*$';

/** The sections a recap must have: unique names, one of them the seed's provenance section. */
const RequiredSections = Type.Array(NonEmpty(), { contains: { type: 'string', pattern: PROVENANCE_SECTION }, uniqueItems: true });

/** memkit's form of the recap template. */
const RecapTemplateObject = Type.Object({ path: NonEmpty('where recaps are written, e.g. memory/episodic/<date>.md'), required_sections: RequiredSections });

/**
 * `.thunderus/memory/gardener.json` (or `.toml`): rules for tending memory.
 * The seed names size caps, allowed kinds, a dedup strategy and a recap
 * template that must include a provenance section, without fixing their
 * shape: memkit reads its own shape (docs/formats/thunderus.md) and the plain
 * forms `dedup_strategy = "…"` and `recap_template = "<path>"` (with a root
 * `required_sections`). Keys beyond these and dedup strategies memkit does not
 * know are valid here and `convention.gardener-config` warnings
 * ({@link gardenerConventions}).
 */
export const GardenerConfig = Type.Object(
  {
    version: Type.Optional(Type.Literal(1)),
    size_caps: Type.Object({
      max_doc_bytes: Type.Optional(Type.Integer({ minimum: 1 })),
      max_total_bytes: Type.Optional(Type.Integer({ minimum: 1 })),
      max_docs: Type.Optional(Type.Integer({ minimum: 0 })),
      max_docs_per_kind: Type.Optional(
        Type.Object({
          core: Type.Optional(Type.Integer({ minimum: 0 })),
          fact: Type.Optional(Type.Integer({ minimum: 0 })),
          adr: Type.Optional(Type.Integer({ minimum: 0 })),
          playbook: Type.Optional(Type.Integer({ minimum: 0 })),
          recap: Type.Optional(Type.Integer({ minimum: 0 })),
        }),
      ),
    }),
    allowed_kinds: Type.Array(MemoryKind, { minItems: 1, uniqueItems: true }),
    dedup: Type.Optional(Type.Object({ strategy: NonEmpty('dedup strategy') })),
    dedup_strategy: Type.Optional(NonEmpty('dedup strategy')),
    // A path, or memkit's object: an either-or memkit's schema compiler does not take; checked in gardenerConventions.
    recap_template: Type.Unsafe<string | Static<typeof RecapTemplateObject>>({}),
    required_sections: Type.Optional(RequiredSections),
  },
  {
    title: 'gardener config',
    // For other JSON Schema validators; memkit checks both in gardenerConventions.
    allOf: [
      {
        if: { type: 'object', properties: { dedup_strategy: { type: 'string' } }, required: ['dedup_strategy'] },
        else: { type: 'object', properties: { dedup: { type: 'object' } }, required: ['dedup'] },
      },
      {
        if: { type: 'object', properties: { recap_template: { type: 'string' } } },
        then: { type: 'object', properties: { recap_template: { type: 'string', minLength: 1 } } },
        else: { type: 'object', properties: { recap_template: RecapTemplateObject } },
      },
    ],
  },
);

/** The keys memkit reads at each level of the gardener config. */
const GARDENER_KEYS: Readonly<Record<string, readonly string[]>> = {
  '': ['version', 'size_caps', 'allowed_kinds', 'dedup', 'dedup_strategy', 'recap_template', 'required_sections'],
  '/size_caps': ['max_doc_bytes', 'max_total_bytes', 'max_docs', 'max_docs_per_kind'],
  '/size_caps/max_docs_per_kind': MEMORY_KINDS,
  '/dedup': ['strategy'],
  '/recap_template': ['path', 'required_sections'],
};

/**
 * What the gardener config's schema leaves to code: a dedup strategy in one
 * of its two forms, and a non-empty recap path (errors); and
 * `convention.gardener-config`: keys memkit does not read and a dedup
 * strategy other than {@link DEDUP_STRATEGIES}.
 */
export function gardenerConventions(value: unknown): Problem[] {
  const out: Problem[] = [];
  if (isObject(value) && !Object.hasOwn(value, 'dedup') && typeof value.dedup_strategy !== 'string')
    out.push(error('schema.required', 'missing required property "dedup" (or "dedup_strategy")', { pointer: '/dedup' }));
  if (isObject(value) && value.recap_template !== undefined) out.push(...recapTemplateProblems(value.recap_template));
  const at = (pointer: string): unknown => {
    let node: unknown = value;
    for (const key of pointer.split('/').slice(1)) node = isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
    return node;
  };
  for (const [pointer, known] of Object.entries(GARDENER_KEYS)) {
    const node = at(pointer);
    if (!isObject(node)) continue;
    for (const key of Object.keys(node))
      if (!known.includes(key)) out.push(warning('convention.gardener-config', `memkit does not read "${key}" here; known: ${known.join(', ')}`, { pointer: joinPointer(pointer, key) }));
  }
  for (const pointer of ['/dedup/strategy', '/dedup_strategy']) {
    const strategy = at(pointer);
    if (typeof strategy === 'string' && strategy !== '' && !(DEDUP_STRATEGIES as readonly string[]).includes(strategy))
      out.push(warning('convention.gardener-config', `dedup strategy "${strategy}" is not one memkit applies (${DEDUP_STRATEGIES.join(', ')})`, { pointer }));
  }
  return out;
}

/** The recap template's problems: a non-empty path, or memkit's object form. */
function recapTemplateProblems(t: unknown): Problem[] {
  const pointer = '/recap_template';
  if (typeof t === 'string') return t === '' ? [error('schema.min-length', 'must not have fewer than 1 characters', { pointer })] : [];
  if (!isObject(t)) return [error('schema.type', 'must be a path or an object { path, required_sections }', { pointer })];
  // One config per directory: TypeBox's interpreter, not a compiled check (whose errors are the interpreter's anyway).
  return (interpretedErrors(RecapTemplateObject, t) as TLocalizedValidationError[]).flatMap((e) =>
    e.keyword === 'required'
      ? (e.params as { requiredProperties: string[] }).requiredProperties.map((name) => error('schema.required', `missing required property "${name}"`, { pointer: joinPointer(pointer, name) }))
      : [error(`schema.${e.keyword.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, e.message, { pointer: pointer + e.instancePath })],
  );
}

/** Frontmatter of a memory doc. */
export type MemoryDocFrontmatter = Static<typeof MemoryDocFrontmatter>;
/** The memory manifest. */
export type MemoryManifest = Static<typeof MemoryManifest>;
/** One manifest doc. */
export type ManifestDoc = Static<typeof ManifestDoc>;
/** An events.jsonl line. */
export type EventV1 = Static<typeof EventV1>;
/** The gardener config. */
export type GardenerConfig = Static<typeof GardenerConfig>;
/** A memory doc kind. */
export type MemoryKind = Static<typeof MemoryKind>;

/**
 * `convention.thunderus-id`: ids the seed allows but memkit would not write (a memory doc id
 * outside {@link MEMORY_DOC_ID_FORM}, a prefixed id with other characters after its prefix) in a
 * memory doc's frontmatter, a manifest or an event.
 */
export function thunderusIdConventions(value: unknown): Problem[] {
  // Runs on every valid value: no closures, and pointers are built only for a problem found.
  const out: Problem[] = [];
  if (!isObject(value)) return out;
  if (value.v !== undefined || value.refs !== undefined) {
    prefixedId(out, value.id, '/id');
    prefixedId(out, value.session_id, '/session_id');
    const refs = value.refs;
    if (isObject(refs)) {
      prefixedId(out, refs.patch_id, '/refs/patch_id');
      prefixedId(out, refs.snapshot_id, '/refs/snapshot_id');
      const ids = refs.memory_doc_ids;
      if (Array.isArray(ids)) for (let i = 0; i < ids.length; i++) if (!isDocIdForm(ids[i])) docIdWarning(out, ids[i], `/refs/memory_doc_ids/${i}`);
    }
    return out;
  }
  if (Array.isArray(value.docs)) {
    for (let i = 0; i < value.docs.length; i++) {
      const d = value.docs[i];
      if (!isObject(d)) continue;
      if (!isDocIdForm(d.id)) docIdWarning(out, d.id, joinPointer(`/docs/${i}`, 'id'));
      provenanceIds(out, d.provenance, `/docs/${i}/provenance`);
    }
    return out;
  }
  if (!isDocIdForm(value.id)) docIdWarning(out, value.id, '/id');
  provenanceIds(out, value.provenance, '/provenance');
  return out;
}

/** True unless `id` is a non-empty string outside the form memkit writes. */
const isDocIdForm = (id: unknown): boolean => typeof id !== 'string' || id === '' || MEMORY_DOC_ID_FORM.test(id);

function docIdWarning(out: Problem[], id: unknown, pointer: string): void {
  out.push(
    warning('convention.thunderus-id', `memory doc id ${JSON.stringify(id).slice(0, 80)} is not in the form memkit writes (letters, digits, ".", "_", ":", "-"; at most 200 characters)`, { pointer }),
  );
}

const PREFIXED = /^(evt|patch|snap|sess)_./;

function prefixedId(out: Problem[], id: unknown, pointer: string): void {
  if (typeof id === 'string' && PREFIXED.test(id) && !ID_TAIL.test(id))
    out.push(warning('convention.thunderus-id', `id ${JSON.stringify(id).slice(0, 80)} has characters memkit does not write after its prefix (letters, digits, ".", "_", "-")`, { pointer }));
}

function provenanceIds(out: Problem[], p: unknown, at: string): void {
  if (!isObject(p)) return;
  for (const key of PROVENANCE_LISTS) {
    const list = p[key];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const x = list[i];
      if (typeof x === 'string' && PREFIXED.test(x) && !ID_TAIL.test(x)) prefixedId(out, x, `${at}/${key}/${i}`);
    }
  }
}

const PROVENANCE_LISTS = ['events', 'patches'] as const;
