import { threadStoreLineageProblems } from './evolution.js';
import { parseJson } from '../../syntax/index.js';
import { getFormat } from '../../schema/registry.js';
import { dateTimeProfileProblems } from '../../schema/validate.js';
import { checkThreadStore as checkThreadRules } from './invariants.js';
import { takeSniffedThreadStore } from './index.js';
import type { CheckContext, LoadedFile } from '../check-context.js';

/**
 * Checks a thread store file: schema and every rule of the thread-store seed,
 * then memkit's version lineage (`exchange.thread-store-*`: a field the
 * declared version does not have yet, has removed or requires; a version newer
 * than memkit knows). Where the lineage names a field the thread checker also
 * refuses (`thread_count` in a 2.0.0 store), the lineage's code says it.
 */
export function checkThreadStore(file: LoadedFile, ctx: CheckContext): void {
  // The sniffer that told this file a thread store parsed it already (a file that parses: its value has the keys).
  const parsed = takeSniffedThreadStore(file.text) ?? parseJson(file.text, { maxLength: ctx.env.maxFileBytes, positions: true });
  if (!parsed.ok) {
    ctx.report(file, parsed.problems);
    return;
  }
  file.positions = parsed.positions;
  file.parsed = { kind: 'json', value: parsed.value };
  const lineage = threadStoreLineageProblems(parsed.value);
  const named = new Set(lineage.map((p) => p.pointer));
  const rules = checkThreadRules(parsed.value);
  ctx.report(file, named.size === 0 ? rules : rules.filter((p) => !(p.code === 'schema.additional-properties' && named.has(p.pointer))), true);
  ctx.report(file, lineage, true);
  // ISO 8601 timestamps outside memkit's RFC 3339 form are valid: say so (convention.date-time-profile).
  ctx.report(file, dateTimeProfileProblems(getFormat('thread-store')!.schema, parsed.value), true);
}
