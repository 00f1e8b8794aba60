import { parseJson } from '../syntax/index.js';
import { validate } from '../schema/index.js';
import type { CheckContext, LoadedFile } from './check-context.js';

/** Parses a JSON file and validates it against one registry format; returns the value when it parsed. */
export function checkJsonFormat(file: LoadedFile, formatId: string, ctx: CheckContext): { value: unknown } | undefined {
  const parsed = parseJson(file.text, { maxLength: ctx.env.maxFileBytes, positions: true });
  if (!parsed.ok) {
    ctx.report(file, parsed.problems);
    return undefined;
  }
  file.positions = parsed.positions;
  file.parsed = { kind: 'json', value: parsed.value };
  ctx.report(file, validate(formatId, parsed.value), true);
  return { value: parsed.value };
}
