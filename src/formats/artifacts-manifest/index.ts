import { jsonNaming, namedOutsideBank } from '../bank-sniff.js';
import { inBank } from '../layout.js';
import { jsonParser } from '../parsers.js';
import type { FormatModule } from '../types.js';

/** `artifacts-manifest.json`. */
export const artifactsManifest: FormatModule<'artifacts-manifest'> = {
  id: 'artifacts-manifest',
  title: 'artifacts-manifest.json',
  family: 'memory-bank',
  names: ['artifacts-manifest.json'],
  matches: inBank('artifacts-manifest.json'),
  mayHold: namedOutsideBank('artifacts-manifest.json'),
  sniff: jsonNaming('session_id', 'artifacts'),
  schemaIds: ['artifacts-manifest'],
  parser: jsonParser,
  exportKind: 'memory-bank',
  gitPattern: 'artifacts-manifest.json',
  // memory-bank-schema.md: the file's `writers` and `append_only` lines.
  writerRule: { writers: ['ReaperOAK'], appendOnly: false },
};
