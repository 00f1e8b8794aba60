import type { Static } from 'typebox';
import { Type } from './type.js';
import { Rfc3339DateTime as DateTime, NonEmpty, OpenRecord, LowerSha256 as Sha256, StringEnum } from './common.js';

/** The record types of export schema v1 (docs/schema/v1.md). */
export const V1_RECORD_TYPES = ['Fact', 'Decision', 'Identity'] as const;

/**
 * First line of an NDJSON export (ADR-0002). `record_counts` and `digest`
 * are memkit's additions so a bundle verifies itself.
 */
export const ExportManifest = Type.Object(
  {
    superagents_export: Type.Literal('1'),
    schema_version: Type.Integer({ minimum: 1 }),
    exported_at: DateTime,
    agent_id: NonEmpty(),
    record_types: Type.Array(NonEmpty(), { uniqueItems: true }),
    record_counts: Type.Optional(OpenRecord(Type.Integer({ minimum: 0 }), 'records per type')),
    digest: Type.Optional(Sha256),
  },
  { title: 'export manifest' },
);

/** A fact the agent holds to be true. */
export const FactV1 = Type.Object(
  {
    type: Type.Literal('Fact'),
    id: NonEmpty(),
    statement: NonEmpty(),
    tags: Type.Array(Type.String()),
    source: Type.Union([Type.String(), Type.Null()]),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { title: 'Fact (v1)' },
);

/** A decision the agent made or recorded. */
export const DecisionV1 = Type.Object(
  {
    type: Type.Literal('Decision'),
    id: NonEmpty(),
    title: NonEmpty(),
    rationale: Type.String(),
    status: StringEnum(['proposed', 'accepted', 'superseded', 'rejected'] as const),
    decided_at: DateTime,
    supersedes: Type.Union([NonEmpty(), Type.Null()]),
  },
  { title: 'Decision (v1)' },
);

/** Who the agent is. */
export const IdentityV1 = Type.Object(
  {
    type: Type.Literal('Identity'),
    id: NonEmpty(),
    name: NonEmpty(),
    role: Type.String(),
    traits: Type.Array(Type.String()),
    created_at: DateTime,
  },
  { title: 'Identity (v1)' },
);

/** Export manifest. */
export type ExportManifest = Static<typeof ExportManifest>;
/** Fact record (v1). */
export type FactV1 = Static<typeof FactV1>;
/** Decision record (v1). */
export type DecisionV1 = Static<typeof DecisionV1>;
/** Identity record (v1). */
export type IdentityV1 = Static<typeof IdentityV1>;
