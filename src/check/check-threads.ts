import { parseJson } from '../parse/index.js';
import { checkThreadStore as checkThreadRules } from '../threads/index.js';
import type { CheckContext, LoadedFile } from './context.js';

const KEYS = ['version', 'threads', 'operations', 'relations'] as const;

/** True when JSON text is (probably) a thread store: its root object has version, threads, operations and relations. */
export function looksLikeThreadStore(text: string): boolean {
  if (!KEYS.every((k) => text.includes(`"${k}"`))) return false;
  const parsed = parseJson(text);
  if (!parsed.ok) return true; // has every key but does not parse: report it rather than skip it
  const v = parsed.value;
  return typeof v === 'object' && v !== null && !Array.isArray(v) && KEYS.every((k) => Object.prototype.hasOwnProperty.call(v, k));
}

/** Checks a thread store file: schema and every rule of the thread-store seed. */
export function checkThreadStore(file: LoadedFile, ctx: CheckContext): void {
  const parsed = parseJson(file.text, { maxLength: ctx.env.maxFileBytes });
  if (!parsed.ok) {
    ctx.report(file, parsed.problems);
    return;
  }
  ctx.report(file, checkThreadRules(parsed.value), true);
}
