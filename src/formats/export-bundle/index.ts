import { jsonLinesParser } from '../parsers.js';
import type { FormatModule } from '../types.js';
import { exportBundleHistory } from './history.js';

/** True when the first line of NDJSON text names `superagents_export` (an export bundle's manifest). */
export function looksLikeExportBundle(text: string): boolean {
  const end = text.indexOf('\n');
  const first = end < 0 ? text : text.slice(0, end);
  return first.includes('"superagents_export"');
}

/**
 * An export bundle: any `*.ndjson`, `*.jsonl`, `*.json` or `*.txt` whose
 * first line names `superagents_export` (the version lives in the file, not
 * its name: adr-0002-export-versioning.md). Schema ids are the v1 records of the registry; the v2
 * records validate with exchange's own schemas (`export-*-v2`).
 */
export const exportBundle: FormatModule<'export-bundle'> = {
  id: 'export-bundle',
  title: 'export bundle (NDJSON)',
  family: 'export',
  matches: () => false,
  mayHold: (path) => /\.(ndjson|jsonl|json|txt)$/i.test(path),
  sniff: looksLikeExportBundle,
  schemaIds: ['export-manifest', 'export-fact-v1', 'export-decision-v1', 'export-identity-v1'],
  parser: jsonLinesParser,
  // A bundle kept among memory files is carried as it is, never merged as a log.
  exportKind: 'other',
  history: exportBundleHistory,
};
