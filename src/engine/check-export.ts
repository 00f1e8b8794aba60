import { importBundle, memoryRecords } from '../services/exchange/index.js';
import { memoryFiles } from '../kernel/file-port.js';
import type { CheckContext, LoadedFile } from '../formats/check-context.js';

/**
 * Verifies an export bundle without importing it anywhere real: the bundle is
 * read into a throwaway in-memory target, which runs every verification
 * (manifest, record schemas, migrations, counts, digest) before any write.
 */
export async function checkExportBundle(file: LoadedFile, ctx: CheckContext): Promise<void> {
  const result = await importBundle(file.text, { files: memoryFiles(), records: memoryRecords() }, { file: file.path, env: { hasher: ctx.env.hasher } });
  ctx.report(file, result.problems ?? []);
}
