import { parseJson } from '../../syntax/index.js';
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
  // The rules' schema validation gives convention.date-time-profile: a second report here printed each twice.
  ctx.report(file, checkThreadRules(parsed.value), true);
}
