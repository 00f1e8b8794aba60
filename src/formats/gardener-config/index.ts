import { gardenerParser } from '../parsers.js';
import type { FormatModule } from '../types.js';

/** The gardener config, `.thunderus/memory/gardener.toml` or `.json`. */
export const gardenerConfig: FormatModule<'gardener-config'> = {
  id: 'gardener-config',
  title: 'gardener config (.thunderus/memory/gardener.{toml,json})',
  family: 'thunderus',
  names: ['gardener.toml', 'gardener.json'],
  matches: (path) => /(^|\/)\.thunderus\/memory\/gardener\.(toml|json)$/.test(path),
  schemaIds: ['gardener-config'],
  parser: gardenerParser,
  exportKind: 'gardener-config',
};
