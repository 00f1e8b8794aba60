import { isDateTime } from '../schemas/date-time.js';

/**
 * The exchange formats' fast date-time check: the schemas' own RFC 3339
 * reader, so a "yes" here is a "yes" of the schema's `date-time` check, with
 * no second hand-written reader to keep in step.
 */
export function isPlainDateTime(s: string): boolean {
  return isDateTime(s);
}
