/**
 * `memkit/threads`: the thread store (`version`, `metadata`, `threads`,
 * `operations`, `relations`): consistency checks, pure operations with the
 * transition table enforced, and the relations cache rebuilt from the log.
 * @packageDocumentation
 */
export { threadCodes, type ThreadCode } from './codes.js';
export { THREAD_TRANSITIONS, type ThreadStatus, canTransition, isWritable } from './transitions.js';
export { checkThreadStore } from './check.js';
export { type ThreadCommand, type ThreadEnv, applyOperation, createThreadStore } from './apply-operation.js';
export { rebuildRelations } from './rebuild-relations.js';
