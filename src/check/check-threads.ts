import { parseJson } from '../parse/index.js';
import { getFormat } from '../schemas/registry.js';
import { dateTimeProfileProblems } from '../schemas/validate.js';
import { checkThreadStore as checkThreadRules } from '../threads/index.js';
import type { CheckContext, LoadedFile } from './context.js';

/** Checks a thread store file: schema and every rule of the thread-store seed. */
export function checkThreadStore(file: LoadedFile, ctx: CheckContext): void {
  const parsed = parseJson(file.text, { maxLength: ctx.env.maxFileBytes });
  if (!parsed.ok) {
    ctx.report(file, parsed.problems);
    return;
  }
  ctx.report(file, checkThreadRules(parsed.value), true);
  // ISO 8601 timestamps outside memkit's RFC 3339 form are valid: say so (convention.date-time-profile).
  ctx.report(file, dateTimeProfileProblems(getFormat('thread-store')!.schema, parsed.value), true);
}
