import type { TaskEntity, TaskIndex, TaskIndexEntry } from '../../schema/wbs.js';
import { compareWbsIds, isWbsId, typeForDepth, wbsDepth, wbsParent } from '../../formats/wbs/id.js';
import { type Loose, type TaskFiles, buildModel, isObject, own } from '../../formats/wbs/model.js';
import { rolledUp } from '../../formats/wbs/rollup.js';
import { taskFileEntries } from '../../formats/wbs/invariants.js';

/** Options for {@link rebuildWbsIndex}. */
export interface RebuildWbsIndexOptions {
  /** `version` of the rebuilt index (default `1.0.0`). */
  version?: string;
  /** Add `progress` to every entry with children (default true). */
  progress?: boolean;
}

/** The index entry an entity implies, keys in the seed's order. */
export function indexEntryOf(entity: Loose, childrenOf: (id: string) => string[]): TaskIndexEntry {
  const id = entity.id as string;
  const entry: Record<string, unknown> = {
    id,
    type: typeof entity.type === 'string' ? entity.type : typeForDepth(wbsDepth(id)),
    status: entity.status,
    parent: own(entity, 'parent') ? entity.parent : wbsParent(id),
    children: Array.isArray(entity.children) ? [...entity.children] : childrenOf(id),
    dependencies: Array.isArray(entity.dependencies) ? [...entity.dependencies] : [],
  };
  if (Array.isArray(entity.deliverables)) entry.deliverables = [...entity.deliverables];
  return entry as TaskIndexEntry;
}

/**
 * Reconstructs `task-index.json` from `tasks/*.json`, deterministically: entries in WBS order (`1.9` before `1.10`),
 * keys in the seed's order, missing `parent`/`children` from the ids, `progress` counted over leaf tasks. Entities
 * without a string id, and later duplicates, are skipped (`checkWbs` reports them).
 * @example rebuildWbsIndex({ 'tasks/1.json': { id: '1', type: 'epic', status: 'pending' } })
 */
export function rebuildWbsIndex(tasks: TaskFiles, options: RebuildWbsIndexOptions = {}): TaskIndex {
  const entities = new Map<string, Loose>();
  for (const [, value] of taskFileEntries(tasks)) {
    if (isObject(value) && typeof value.id === 'string' && !entities.has(value.id)) entities.set(value.id, value);
  }
  const ids = [...entities.keys()].sort(compareWbsIds);
  const kids = new Map<string, string[]>();
  for (const id of ids) {
    if (!isWbsId(id)) continue;
    const p = wbsParent(id);
    if (p !== null && entities.has(p)) (kids.get(p) ?? kids.set(p, []).get(p)!).push(id);
  }
  const tasksOut = ids.map((id) => indexEntryOf(entities.get(id)!, (x) => kids.get(x) ?? []));
  if (options.progress ?? true) {
    const model = buildModel(tasksOut);
    const counts = rolledUp(model);
    tasksOut.forEach((e, i) => {
      if (model.kids[i]!.length === 0) return;
      // progress goes before deliverables, in the seed's key order
      const { deliverables } = e;
      delete e.deliverables;
      e.progress = { completed: counts.completed[i]!, total: counts.total[i]! };
      if (deliverables !== undefined) e.deliverables = deliverables;
    });
  }
  return { version: options.version ?? '1.0.0', tasks: tasksOut };
}

/** A minimal entity file for an index entry that has none (the repair of `wbs.entity-missing`). */
export function entityOf(entry: Loose): TaskEntity {
  const out: Record<string, unknown> = { id: entry.id, type: entry.type, status: entry.status };
  for (const k of ['parent', 'children', 'dependencies', 'deliverables']) if (own(entry, k)) out[k] = entry[k];
  return out as TaskEntity;
}
