import { validate } from '../schemas/index.js';
import type { CheckContext, LoadedFile } from './context.js';
import { readJsonLines } from './json-lines.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks an `events.jsonl`: every line is a v1 event; records ids and refs for the cross-file checks. */
export function checkEvents(file: LoadedFile, ctx: CheckContext): void {
  const { lines, problems } = readJsonLines(file.text);
  ctx.report(file, problems);
  for (const { line, value } of lines) {
    ctx.report(file, validate('event', value).map((p) => ({ ...p, line })));
    if (!isObject(value) || typeof value.id !== 'string') continue;
    const refs = isObject(value.refs) ? value.refs : {};
    ctx.events.push({
      path: file.path,
      line,
      id: value.id,
      kind: value.kind,
      ...(typeof refs.patch_id === 'string' ? { patchId: refs.patch_id } : {}),
      ...(typeof refs.snapshot_id === 'string' ? { snapshotId: refs.snapshot_id } : {}),
      docIds: Array.isArray(refs.memory_doc_ids) ? refs.memory_doc_ids.filter((x): x is string => typeof x === 'string') : [],
    });
  }
}
