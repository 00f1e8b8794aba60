import { parseJson } from '../../syntax/index.js';
import { getFormat } from '../../schema/registry.js';
import { dateTimeProfileProblems } from '../../schema/validate.js';
import { checkThreadStore as checkThreadRules } from './invariants.js';
import { takeSniffedThreadStore } from './index.js';
import type { CheckContext, LoadedFile } from '../check-context.js';

/**
 * Checks a thread store file: schema and every rule of the thread-store seed,
 * whatever version it declares (the seed's §6 says how versions evolve, not
 * what a version holds: memkit's own lineage is held only before a migration).
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
  ctx.report(file, checkThreadRules(parsed.value), true);
  // ISO 8601 timestamps outside memkit's RFC 3339 form are valid: say so (convention.date-time-profile).
  ctx.report(file, dateTimeProfileProblems(getFormat('thread-store')!.schema, parsed.value), true);
}
