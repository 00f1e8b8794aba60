import { utf8Length } from '../../kernel/canonical/bytes.js';
import type { JsonResult } from '../../kernel/canonical/read-json.js';
import { parseJson } from '../../syntax/json.js';
import { error, fail } from '../../kernel/problems/index.js';

/** The largest file memkit reads per WBS format, in UTF-8 bytes, applied alike by every reader (64 MiB: several hundred thousand entries). */
export const WBS_MAX_BYTES = {
  'wbs-task-index': 64 * 1024 * 1024,
  'wbs-task': 64 * 1024 * 1024,
} as const;

/** A WBS file format id. */
export type WbsFormat = keyof typeof WBS_MAX_BYTES;

/** Parses a WBS file's text under {@link WBS_MAX_BYTES} (`input.too-large` otherwise); `bytes`: its byte length if known; `positions`: as `readJson`. */
export function parseWbsJson(text: string, format: WbsFormat, bytes?: number, positions = false): JsonResult {
  const max = WBS_MAX_BYTES[format];
  // A UTF-16 unit is at most 3 UTF-8 bytes: count only when the text could be over.
  const size = bytes ?? (text.length * 3 <= max ? 0 : utf8Length(text));
  if (size > max) return fail([error('input.too-large', `the file is ${size} bytes; the limit for ${format} is ${max}`)]);
  return parseJson(text, { maxLength: max, positions });
}
