import { compileTally, validate } from '../../schema/index.js';
import type { CheckContext, LoadedFile } from '../check-context.js';
import { jsonLines } from '../../syntax/jsonl.js';
import { isObject } from '../../kernel/object.js';

const NO_DOC_IDS: readonly string[] = Object.freeze([]);
let tally: ReturnType<typeof compileTally>;

/**
 * Checks an `events.jsonl`: every line is a v1 event; records ids and refs for
 * the cross-file checks. Streams the file: one parsed line is alive at a
 * time and only the facts the cross-file checks need are kept. Once the
 * file's problems reach the cap, each further line is only counted (a fast
 * schema check, no error messages), so a million bad lines cost neither a
 * million problems in memory nor a million full validations.
 */
export function checkEvents(file: LoadedFile, ctx: CheckContext): void {
  const cap = ctx.cap(file.path);
  tally ??= compileTally('event')!;
  for (const item of jsonLines(file.text)) {
    if ('problem' in item) {
      ctx.report(file, [item.problem]);
      continue;
    }
    const { line, value } = item;
    if (!cap.full)
      ctx.report(
        file,
        validate('event', value).map((p) => ({ ...p, line })),
      );
    else {
      const t = tally(value);
      cap.skip(t.problems, t.worst, { file: file.path, line }, t.atLeast);
    }
    if (!isObject(value) || typeof value.id !== 'string') continue;
    const refs = isObject(value.refs) ? value.refs : {};
    const docIds = Array.isArray(refs.memory_doc_ids) ? refs.memory_doc_ids.filter((x): x is string => typeof x === 'string') : [];
    ctx.events.push({
      path: file.path,
      line,
      id: value.id,
      kind: typeof value.kind === 'string' ? value.kind : undefined,
      ...(typeof refs.patch_id === 'string' ? { patchId: refs.patch_id } : {}),
      ...(typeof refs.snapshot_id === 'string' ? { snapshotId: refs.snapshot_id } : {}),
      docIds: docIds.length === 0 ? (NO_DOC_IDS as string[]) : docIds,
    });
  }
}
