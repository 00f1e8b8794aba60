import type { JsonResult } from '../../kernel/canonical/read-json.js';
import { parseJson } from '../../syntax/index.js';
import { jsonParser } from '../parsers.js';
import type { FormatModule } from '../types.js';
import { threadStoreHistory } from './history.js';

const KEYS = ['version', 'threads', 'operations', 'relations'] as const;

// The parse behind the sniffer's last yes, with positions, for the check that follows it: the directory
// check sniffs a file and checks it with nothing in between, and so parses a thread store once.
let accepted: { text: string; parsed: JsonResult } | undefined;

/** True when JSON text is (probably) a thread store: its root object has version, threads, operations and relations. */
export function looksLikeThreadStore(text: string): boolean {
  accepted = undefined;
  if (!KEYS.every((k) => text.includes(`"${k}"`))) return false;
  const parsed = parseJson(text, { positions: true });
  if (!parsed.ok) return true; // has every key but does not parse: report it rather than skip it
  const v = parsed.value;
  const yes = typeof v === 'object' && v !== null && !Array.isArray(v) && KEYS.every((k) => Object.hasOwn(v, k));
  if (yes) accepted = { text, parsed };
  return yes;
}

/** The parse (with positions) {@link looksLikeThreadStore} made of `text` when it was the last text it accepted; taken once. */
export function takeSniffedThreadStore(text: string): JsonResult | undefined {
  const a = accepted;
  accepted = undefined;
  return a !== undefined && a.text === text ? a.parsed : undefined;
}

/** A thread store: any `*.json` whose root object has `version`, `threads`, `operations` and `relations`. */
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
};
