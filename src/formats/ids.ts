/**
 * The one vocabulary of file formats: every folder (the checker, exchange,
 * the CLI, the rule table's `format` field) names a memkit file format by one
 * of these ids and by nothing else.
 */
export const FORMAT_IDS = [
  'memory-doc',
  'memory-manifest',
  'events',
  'gardener-config',
  'system-patterns',
  'product-context',
  'active-context',
  'decision-log',
  'progress',
  'risk-register',
  'workflow-state',
  'artifacts-manifest',
  'feedback-log',
  'wbs-task-index',
  'wbs-task',
  'thread-store',
  'export-bundle',
] as const;

/** A file format id, e.g. `decision-log`. */
export type FormatId = (typeof FORMAT_IDS)[number];

/** True when `s` is a {@link FormatId}. */
export function isFormatId(s: string): s is FormatId {
  return (FORMAT_IDS as readonly string[]).includes(s);
}
