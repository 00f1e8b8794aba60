/**
 * `memkit/threads`: the thread store's consistency checks, pure operations
 * under the transition table, and the relations cache rebuilt from the log
 * (names listed in docs/api-surface.md).
 * @packageDocumentation
 */
export { THREAD_TRANSITIONS, type ThreadStatus, canTransition, isWritable } from '../../formats/thread-store/transitions.js';
export { checkThreadStore } from '../../formats/thread-store/invariants.js';
export { type ThreadCommand, type ThreadEnv, applyOperation, createThreadStore } from '../../formats/thread-store/apply-operation.js';
export { rebuildRelations } from '../../formats/thread-store/rebuild-relations.js';
