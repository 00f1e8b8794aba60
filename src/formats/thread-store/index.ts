import type { JsonResult } from '../../kernel/canonical/read-json.js';
import { parseJson } from '../../syntax/index.js';
import { isObject } from '../../kernel/object.js';
import { looksLikeExportBundle } from '../export-bundle/index.js';
import { jsonParser } from '../parsers.js';
import type { FormatModule } from '../types.js';
import { threadStoreHistory } from './history.js';
import { versionBump } from './version-bump.js';

/** The seed's root fields (thread-store-schema.md §2.1), all required. */
const ROOT_FIELDS = ['version', 'metadata', 'threads', 'operations', 'relations'] as const;

// The parse behind the sniffer's last yes, with positions, for the check that follows it: the directory
// check sniffs a file and checks it with nothing in between, and so parses a thread store once.
let accepted: { text: string; parsed: JsonResult } | undefined;

/**
 * True when JSON text is (probably) a thread store, complete or not: its root
 * object has three of the seed's five root fields, or a `threads` object and
 * one more of them. A store missing a required
 * field is one to report on, not a file to skip; a thread-pool setting
 * (`"threads": 8`) or an export bundle is none.
 */
export function looksLikeThreadStore(text: string): boolean {
  accepted = undefined;
  if (looksLikeExportBundle(text) || ROOT_FIELDS.filter((k) => text.includes(`"${k}"`)).length < 2) return false;
  const parsed = parseJson(text, { positions: true });
  // Names the fields but does not parse: a store to report on only if it names most of them.
  if (!parsed.ok) return ROOT_FIELDS.every((k) => k === 'metadata' || text.includes(`"${k}"`));
  const v = parsed.value;
  if (!isObject(v)) return false;
  const present = ROOT_FIELDS.filter((k) => Object.hasOwn(v, k)).length;
  const yes = present >= 3 || (present === 2 && isObject(v.threads));
  if (yes) accepted = { text, parsed };
  return yes;
}

/** The parse (with positions) {@link looksLikeThreadStore} made of `text` when it was the last text it accepted; taken once. */
export function takeSniffedThreadStore(text: string): JsonResult | undefined {
  const a = accepted;
  accepted = undefined;
  return a !== undefined && a.text === text ? a.parsed : undefined;
}

/** A thread store: any `*.json` whose root object has the seed's `threads` and another of its root fields ({@link looksLikeThreadStore}). */
export const threadStore: FormatModule<'thread-store'> = {
  id: 'thread-store',
  title: 'thread store',
  family: 'thread-store',
  matches: () => false,
  mayHold: (path) => /\.json$/i.test(path),
  sniff: looksLikeThreadStore,
  schemaIds: ['thread-store', 'thread', 'thread-operation', 'thread-relations'],
  parser: jsonParser,
  exportKind: 'thread-store',
  merge: 'items',
  history: threadStoreHistory,
  rules: [versionBump],
};
