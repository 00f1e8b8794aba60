/**
 * `memkit/wbs`: WBS task memory (`.claude/memory/task-index.json` and
 * `tasks/<id>.json`): ids, invariants, roll-up, repair plans, index rebuild,
 * ready work, and the seed's safe file operations over a file port.
 * The curated list, one line per name, is docs/api-surface.md.
 * @packageDocumentation
 */
export { MAX_WBS_DEPTH, type ParsedWbsId, type WbsType, compareWbsIds, isWbsId, parseWbsId, typeForDepth, wbsDepth, wbsIdError, wbsParent } from '../../formats/wbs/id.js';
export type { TaskFiles } from '../../formats/wbs/model.js';
export { type CheckWbsOptions, checkWbs } from '../../formats/wbs/invariants.js';
export { type WbsStatus, rollup, rollupStatus } from '../../formats/wbs/rollup.js';
export { type RebuildWbsIndexOptions, rebuildWbsIndex } from './rebuild-index.js';
export { type JsonPatchOperation, applyJsonPatch } from './json-patch.js';
export { type FilePatch, type RepairPlan, type RepairPlanOptions, repairPlan } from './repair-plan.js';
export { type AppliedPlan, type ApplyPlanOptions, type ApplyStep, applyPlan } from './apply-plan.js';
export { type CompleteJournalOptions, type CompletedJournal, JOURNAL_FILE, completeJournal } from './journal.js';
export { type Blocker, type ReadyOptions, type ReadyWork, findDependencyCycles, readyTasks, topologicalOrder } from './ready.js';
export { WBS_MAX_BYTES } from '../../formats/wbs/limits.js';
export { type CheckWbsFilesOptions, type LoadedWbs, checkWbsFiles, loadWbs } from './load.js';
export { type JsonUpdate, type MemoryWriteOptions, WBS_MEMORY_ROOT, checkMemoryPath, memoryRead, memoryUpdateJson, memoryWrite } from './memory-ops.js';
