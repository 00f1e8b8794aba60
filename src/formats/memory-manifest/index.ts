import { jsonParser } from '../parsers.js';
import type { FormatModule } from '../types.js';
import { versionHistory } from '../history.js';

/** The memory manifest: the inventory of memory docs. */
export const memoryManifest: FormatModule<'memory-manifest'> = {
  id: 'memory-manifest',
  title: 'memory manifest (.thunderus/memory/indexes/manifest.json)',
  family: 'thunderus',
  names: ['manifest.json'],
  matches: (path) => /(^|\/)\.thunderus\/memory\/indexes\/manifest\.json$/.test(path),
  schemaIds: ['memory-manifest'],
  parser: jsonParser,
  exportKind: 'memory-manifest',
  merge: 'items',
  gitPattern: '**/.thunderus/memory/indexes/manifest.json',
  history: versionHistory,
};
