import { readJson } from '../../kernel/canonical/read-json.js';
import { isObject } from '../../kernel/object.js';
import { versionDown } from '../history.js';
import type { HistoryRule } from '../rule.js';

/** The `schema_version` of a bundle's manifest (its first line). */
function schemaVersion(text: string): unknown {
  const end = text.indexOf('\n');
  const first = readJson(end === -1 ? text : text.slice(0, end));
  return first.ok && isObject(first.value) ? first.value.schema_version : undefined;
}

/** An export bundle's `schema_version` may not go down. */
export const exportBundleHistory: HistoryRule = {
  compare: (after, before) => versionDown(schemaVersion(before), schemaVersion(after.text), after.path, 1, 'schema_version'),
};
