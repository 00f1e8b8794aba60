/** Graph helpers shared by `wbs/` and `threads/`. Internal: no package entry exports this folder. */
export { findCycles } from './cycles.js';
