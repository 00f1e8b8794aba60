import type { FILE_KINDS } from '../schema/export-v2.js';
import type { FormatFamily, SchemaId } from '../schema/registry.js';
import type { Layout } from './layout.js';
import type { FormatRule, HistoryRule } from './rule.js';

/**
 * Who may write a memory-bank file, and how: the seed's `writers`,
 * `append_only` and `immutable` lines (and `milestone_done_approvers` for
 * `progress.md`). The writer policy of `memkit/ledger` is these rules, keyed
 * by file name.
 */
export interface WriterRule {
  /** Agent ids allowed to write; the seed's `"all agents"` means anyone. */
  readonly writers: readonly string[];
  /** Only appending whole entries is allowed. */
  readonly appendOnly: boolean;
  /** The body may never be edited; growth must be backed by a decision (systemPatterns.md, decisionLog.md). */
  readonly immutable?: boolean;
  /** Who may approve (progress.md: `milestone_done_approvers`). */
  readonly approvers?: readonly string[];
}

/** The facts of one hash-chained ledger format: what the verifier, the append, the merge driver and the writers read. */
export interface LedgerFacts {
  // The entry schema is the format's first schema id.
  /** Field holding the entry time. */
  readonly tsField: 'ts' | 'timestamp';
  /** Field holding a dated id (`DEC-YYYYMMDD-NNN`), when the format has one. */
  readonly idField?: 'id' | 'risk_id';
  /** Prefix of the dated id, with its dash. */
  readonly idPrefix?: string;
  /** Field naming the agent that wrote the entry: the writer policy applies to it. Absent when no field names the writer. */
  readonly writerField?: string;
  /** How entries are written: one JSON object per line after a Markdown preamble, or headed blocks of YAML. */
  readonly entries: 'json-lines' | 'yaml-blocks';
}

/** The parser a format's text is read with: it keeps line positions for problems. */
export interface ParserBinding {
  /** The parser's exported name (`parseLedgerText`), for docs and messages. */
  readonly name: string;
  /** Parses the file's text; `file` is the path problems carry. */
  readonly parse: (text: string, options: { file?: string }) => unknown;
}

/**
 * One memkit file format: the single place that says what the format is
 * called, where it lives, how a file of it is told apart from other files,
 * which schemas describe it and which parser reads it. The checks themselves
 * live above this folder (the directory checker keys them by format id),
 * and the rules a format owns are the rule-table entries whose `format`
 * names it (see `rulesOf`).
 */
export interface FormatModule<Id extends string = string> {
  /** The format id, the one name of this format. */
  readonly id: Id;
  /** A short human title (`decisionLog.md`). */
  readonly title: string;
  /** The seed family it belongs to. */
  readonly family: FormatFamily;
  /**
   * True when a path (relative, `/`-separated) holds this format by its
   * location alone (`false` for a format told only by content).
   */
  readonly matches: (path: string, layout: Layout) => boolean;
  /**
   * The file names (last path segment) this format can have, when it can have
   * only these: classification then tries its matchers only for such names.
   * Absent: any name.
   */
  readonly names?: readonly string[];
  /**
   * For a path no location claims: true when it may hold this format, and
   * {@link FormatModule.sniff} decides on the text (a `*.json` may be a
   * thread store; a lone `decisionLog.md` outside a bank is one only if it
   * holds ledger lines).
   */
  readonly mayHold?: (path: string, layout: Layout) => boolean;
  /** With `mayHold`: true when the text is (probably) this format. */
  readonly sniff?: (text: string) => boolean;
  /** The schema registry ids (`memkit validate --schema ID`) that describe this format's values. */
  readonly schemaIds: readonly SchemaId[];
  /** The parser binding. */
  readonly parser: ParserBinding;
  /** The `kind` an export bundle (v2) gives a file of this format; a frozen wire value. */
  readonly exportKind: (typeof FILE_KINDS)[number];
  /**
   * How the merge driver merges three versions of a file both sides changed:
   * `'chain'` re-chains theirs' new entries after ours' (JSON Lines ledgers,
   * `events.jsonl`), `'items'` merges the JSON document item by item and
   * re-checks its invariants. Absent: no three-way merge (the driver falls
   * back to a line merge for text).
   */
  readonly merge?: 'chain' | 'items';
  /**
   * The `.gitattributes` pattern that routes every file of this format to the
   * merge driver, for a format with a fixed name (a thread store has none).
   */
  readonly gitPattern?: string;
  /**
   * The rules this format owns beyond its schema and checker: each is applied
   * to every file of the format, and its metadata and examples join the rule
   * table and `docs/rules.md`.
   */
  readonly rules?: readonly FormatRule[];
  /** What may change between a base revision and HEAD (`memkit check --base`); absent: the check of HEAD alone. */
  readonly history?: HistoryRule;
  /** For a memory-bank file: who may write it, and how. */
  readonly writerRule?: WriterRule;
  /** For a hash-chained ledger: its entry facts. */
  readonly ledger?: LedgerFacts;
}

/** The seed's wildcard writer: anyone may write. */
export const ALL_AGENTS = 'all agents';

/** A format module that is a hash-chained ledger. */
export type LedgerFormatModule<Id extends string = string> = FormatModule<Id> & { readonly ledger: LedgerFacts; readonly writerRule: WriterRule };
