import { importBundle, memoryRecords } from '../exchange/index.js';
import { memoryFiles } from '../store/file-port.js';
import type { CheckContext, LoadedFile } from './context.js';

/** True when the first line of NDJSON text names `superagents_export` (an ADR-0002 export bundle). */
export function looksLikeExportBundle(text: string): boolean {
  const end = text.indexOf('\n');
  const first = end < 0 ? text : text.slice(0, end);
  return first.includes('"superagents_export"');
}

/**
 * Verifies an export bundle without importing it anywhere real: the bundle is
 * read into a throwaway in-memory target, which runs every verification
 * (manifest, record schemas, migrations, counts, digest) before any write.
 */
export async function checkExportBundle(file: LoadedFile, ctx: CheckContext): Promise<void> {
  const result = await importBundle(file.text, { files: memoryFiles(), records: memoryRecords() }, { file: file.path, env: { hasher: ctx.env.hasher } });
  if (!result.ok) ctx.report(file, result.problems);
  else ctx.report(file, result.problems ?? []);
}
