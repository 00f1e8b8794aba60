import type { MEMORY_KINDS, ManifestDoc } from '../../schema/index.js';

/** A memory doc kind (`core`, `fact`, `adr`, `playbook`, `recap`), from the schema's `MEMORY_KINDS`. */
export type DocKind = (typeof MEMORY_KINDS)[number];

/** The four provenance relations of the seed's `doc_edges.rel`. */
export const EDGE_RELS = ['derives_from', 'refers_to', 'supersedes', 'duplicates'] as const;

/** A provenance relation between two memory docs. */
export type EdgeRel = (typeof EDGE_RELS)[number];

/** The metadata the store keeps for a memory doc: the seed's `docs` row plus the content hash of its file. */
export interface DocMeta {
  /** The doc's frontmatter `id`; primary key. */
  docId: string;
  kind: DocKind;
  title: string;
  /** Where the doc lives, relative to the repository root (`.thunderus/memory/...`). */
  path: string;
  tags: string[];
  /** The frontmatter `updated` timestamp (RFC 3339). */
  updated: string;
  provenance: ManifestDoc['provenance'];
  /** Lowercase hex SHA-256 of the file's bytes when indexed. */
  contentHash: string;
}

/** The part of a doc's metadata that says which file version is indexed. */
export type DocHash = Pick<DocMeta, 'docId' | 'path' | 'contentHash'>;

/** A memory doc as the store indexes it: metadata plus the text search sees. */
export interface DocRecord extends DocMeta {
  /** Heading texts of the body, in order. */
  headings: string[];
  /** Plain text of the body (Markdown syntax removed). */
  body: string;
}

/** A provenance edge `src rel dst` (e.g. a fact `derives_from` a recap). */
export interface DocEdge {
  src: string;
  rel: EdgeRel;
  dst: string;
  /** Content hash of `dst` when the edge was recorded. */
  dstHash: string;
}

/** An edge whose target changed (or disappeared) since the edge was recorded. */
export interface StaleEdge extends DocEdge {
  /** The target's content hash now, or `null` when the target is no longer in the store. */
  currentHash: string | null;
}

/** Where a ledger stands: how many entries and the hash of the last one. */
export interface StoreLedgerHead {
  /** Number of entries. */
  size: number;
  /** `sha256(JCS(last entry))` as hex; 64 zeros for an empty ledger. */
  head: string;
}

/** One ranked search hit. */
export interface SearchHit {
  docId: string;
  title: string;
  path: string;
  kind: DocKind;
  /** The FTS5 `bm25()` value (or the same formula): negative, lower is better, hits come best first. */
  score: number;
  /** A window of the body with matched terms wrapped in the markers. */
  snippet: string;
}

/** Options of `search`. */
export interface SearchOptions {
  /** Only docs of these kinds. */
  kinds?: readonly DocKind[];
  /** Only docs carrying every one of these tags. */
  tags?: readonly string[];
  /** At most this many hits (default 10, at most 1000). */
  limit?: number;
  /** `plain` (default): any text, each word quoted; `advanced`: raw full-text syntax (errors are `store.query-syntax`). */
  mode?: 'plain' | 'advanced';
  /** Plain mode: must a hit contain `all` words (default) or `any`? */
  match?: 'all' | 'any';
  /** Markers around matched terms in snippets (default `['«', '»']`). */
  markers?: readonly [string, string];
  /** Words of body text in a snippet (default 24). */
  snippetWords?: number;
}

/** Filters of `listDocs`. */
export interface ListDocsOptions {
  kinds?: readonly DocKind[];
  /** Only docs under this path prefix. */
  pathPrefix?: string;
}
