import { parseJson } from '../../syntax/index.js';
import { jsonParser } from '../parsers.js';
import type { FormatModule } from '../types.js';

const KEYS = ['version', 'threads', 'operations', 'relations'] as const;

/** True when JSON text is (probably) a thread store: its root object has version, threads, operations and relations. */
export function looksLikeThreadStore(text: string): boolean {
  if (!KEYS.every((k) => text.includes(`"${k}"`))) return false;
  const parsed = parseJson(text);
  if (!parsed.ok) return true; // has every key but does not parse: report it rather than skip it
  const v = parsed.value;
  return typeof v === 'object' && v !== null && !Array.isArray(v) && KEYS.every((k) => Object.hasOwn(v, k));
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
};
