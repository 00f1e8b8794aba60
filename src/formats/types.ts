import type { FILE_KINDS } from '../schema/export-v2.js';
import type { FormatFamily, SchemaId } from '../schema/registry.js';
import type { Layout } from './layout.js';
import type { FormatRule, HistoryRule } from './rule.js';

/** Who may write a memory-bank file, and how: the seed's `writers`, `append_only`, `immutable` (and `milestone_done_approvers`). */
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

/** One memkit file format: its name, place, matcher, schemas and parser (its checks live above this folder, its rules in the rule table). */
export interface FormatModule<Id extends string = string> {
  /** The format id, the one name of this format. */
  readonly id: Id;
  /** A short human title (`decisionLog.md`). */
  readonly title: string;
  /** The seed family it belongs to. */
  readonly family: FormatFamily;
  /** True when a path (relative, `/`-separated) holds this format by its location alone. */
  readonly matches: (path: string, layout: Layout) => boolean;
  /** The only file names this format can have (classification tries its matcher only for them); absent: any name. */
  readonly names?: readonly string[];
  /** For a path no location claims: true when it may hold this format, {@link FormatModule.sniff} deciding on the text. */
  readonly mayHold?: (path: string, layout: Layout) => boolean;
  /** With `mayHold`: true when the text is (probably) this format. */
  readonly sniff?: (text: string) => boolean;
  /** The schema registry ids (`memkit validate --schema ID`) that describe this format's values. */
  readonly schemaIds: readonly SchemaId[];
  /** The parser binding. */
  readonly parser: ParserBinding;
  /** The `kind` an export bundle (v2) gives a file of this format; a frozen wire value. */
  readonly exportKind: (typeof FILE_KINDS)[number];
  /** How the merge driver merges three versions: `chain` re-chains theirs' new entries after ours', `items` merges a JSON document item by item; absent: a line merge. */
  readonly merge?: 'chain' | 'items';
  /** The `.gitattributes` pattern routing this format to the merge driver (a format with a fixed name). */
  readonly gitPattern?: string;
  /** The rules this format owns beyond its schema and checker; they join the rule table and `docs/rules.md`. */
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
