import type { Static } from 'typebox';
import { Type } from './type.js';
import { Rfc3339DateTime as DateTime, NonEmpty, PatternRecord, LowerSha256 as Sha256, StringEnum } from './common.js';

/**
 * The record types of export schema v2 (docs/schema/v2.md): the three v1
 * types, reshaped, plus `DocEdge` and `File`, which carry everything needed to
 * rebuild a memory directory byte for byte.
 */
export const V2_RECORD_TYPES = ['Decision', 'DocEdge', 'Fact', 'File', 'Identity'] as const;

/** A v2 record type name. */
export type V2RecordType = (typeof V2_RECORD_TYPES)[number];

/**
 * The manifest of a v2 bundle. Unlike v1, `record_counts` and `digest` are
 * required, and no other property is allowed.
 */
export const ExportManifestV2 = Type.Object(
  {
    superagents_export: Type.Literal('1'),
    schema_version: Type.Literal(2),
    exported_at: DateTime,
    agent_id: NonEmpty(),
    record_types: Type.Array(StringEnum(V2_RECORD_TYPES), { uniqueItems: true }),
    record_counts: PatternRecord('^.*$', Type.Integer({ minimum: 0 })),
    digest: Sha256,
  },
  { title: 'export manifest (v2)', additionalProperties: false },
);

/** A fact the agent holds to be true. v2 renames `statement` to `text`. */
export const FactV2 = Type.Object(
  {
    type: Type.Literal('Fact'),
    id: NonEmpty(),
    text: NonEmpty(),
    tags: Type.Array(Type.String()),
    source: Type.Union([Type.String(), Type.Null()]),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { title: 'Fact (v2)', additionalProperties: false },
);

/** A decision. v2 adds the required `updated_at` (v1 records default to `decided_at`). */
export const DecisionV2 = Type.Object(
  {
    type: Type.Literal('Decision'),
    id: NonEmpty(),
    title: NonEmpty(),
    rationale: Type.String(),
    status: StringEnum(['proposed', 'accepted', 'superseded', 'rejected'] as const),
    decided_at: DateTime,
    supersedes: Type.Union([NonEmpty(), Type.Null()]),
    updated_at: DateTime,
  },
  { title: 'Decision (v2)', additionalProperties: false },
);

/** One identity trait (v2: structured; a v1 string becomes `{ name, note: null }`). */
export const TraitV2 = Type.Object(
  {
    name: Type.String(),
    note: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'trait (v2)', additionalProperties: false },
);

/** Who the agent is. v2 structures `traits` and adds `updated_at` (default `created_at`). */
export const IdentityV2 = Type.Object(
  {
    type: Type.Literal('Identity'),
    id: NonEmpty(),
    name: NonEmpty(),
    role: Type.String(),
    traits: Type.Array(TraitV2),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { title: 'Identity (v2)', additionalProperties: false },
);

/** Relations of the store's `doc_edges` table. */
export const DOC_EDGE_RELS = ['derives_from', 'refers_to', 'supersedes', 'duplicates'] as const;

/** One row of the memory store's `doc_edges` table (new in v2). */
export const DocEdgeV2 = Type.Object(
  {
    type: Type.Literal('DocEdge'),
    src_doc_id: NonEmpty(),
    rel: StringEnum(DOC_EDGE_RELS),
    dst_doc_id: NonEmpty(),
  },
  { title: 'DocEdge (v2)', additionalProperties: false },
);

/** What a `File` record holds, as memkit classifies it by path (informational). */
export const FILE_KINDS = ['memory-doc', 'memory-manifest', 'events', 'gardener-config', 'ledger', 'memory-bank', 'wbs-index', 'wbs-task', 'thread-store', 'other'] as const;

/** A relative, `/`-separated path with no `.`/`..` segment, no empty segment and no NUL or backslash. */
export const SafeRelativePath = Type.String({
  minLength: 1,
  maxLength: 4096,
  pattern: '^(?!/)(?!.*//)(?!.*/$)(?!(?:.*/)?\\.\\.?(?:/|$))[^\\\\\\u0000]+$',
  description: 'relative path inside the memory directory',
});

/**
 * One file of the memory directory, carried as its exact bytes: UTF-8 text
 * when the bytes are valid UTF-8, base64 otherwise (new in v2).
 */
export const FileV2 = Type.Object(
  {
    type: Type.Literal('File'),
    path: SafeRelativePath,
    kind: StringEnum(FILE_KINDS),
    encoding: StringEnum(['utf8', 'base64'] as const),
    content: Type.String(),
    size: Type.Integer({ minimum: 0 }),
    sha256: Sha256,
    updated_at: Type.Union([DateTime, Type.Null()]),
  },
  { title: 'File (v2)', additionalProperties: false },
);

/** Export manifest (v2). */
export type ExportManifestV2 = Static<typeof ExportManifestV2>;
/** Fact record (v2). */
export type FactV2 = Static<typeof FactV2>;
/** Decision record (v2). */
export type DecisionV2 = Static<typeof DecisionV2>;
/** Identity trait (v2). */
export type TraitV2 = Static<typeof TraitV2>;
/** Identity record (v2). */
export type IdentityV2 = Static<typeof IdentityV2>;
/** DocEdge record (v2). */
export type DocEdgeV2 = Static<typeof DocEdgeV2>;
/** File record (v2). */
export type FileV2 = Static<typeof FileV2>;
/** Any v2 record. */
export type RecordV2 = FactV2 | DecisionV2 | IdentityV2 | DocEdgeV2 | FileV2;
