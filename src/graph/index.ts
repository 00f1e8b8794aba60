/** Graph and list helpers shared by `wbs/` and `threads/`. Internal: no package entry exports this folder. */
export { findCycles } from './cycles.js';
export { repeatsIn, sameMembers } from './lists.js';
