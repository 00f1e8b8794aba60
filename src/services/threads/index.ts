/**
 * `memkit/threads`: the thread store (`version`, `metadata`, `threads`,
 * `operations`, `relations`): consistency checks, pure operations with the
 * transition table enforced, and the relations cache rebuilt from the log.
 * The curated list, one line per name, is docs/api-surface.md.
 * @packageDocumentation
 */
export { THREAD_TRANSITIONS, type ThreadStatus, canTransition, isWritable } from '../../formats/thread-store/transitions.js';
export { checkThreadStore } from '../../formats/thread-store/invariants.js';
export { type ThreadCommand, type ThreadEnv, applyOperation, createThreadStore } from './apply-operation.js';
export { rebuildRelations } from '../../formats/thread-store/rebuild-relations.js';
