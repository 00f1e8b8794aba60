import { inBank } from './layout.js';
import { jsonParser } from './parsers.js';
import type { FormatModule } from './types.js';

/** `artifacts-manifest.json`. */
export const artifactsManifest: FormatModule<'artifacts-manifest'> = {
  id: 'artifacts-manifest',
  title: 'artifacts-manifest.json',
  family: 'memory-bank',
  matches: inBank('artifacts-manifest.json'),
  schemaIds: ['artifacts-manifest'],
  parser: jsonParser,
  exportKind: 'memory-bank',
};
