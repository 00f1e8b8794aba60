/**
 * Graph and index helpers shared by `wbs/` and `threads/`: compressed lists
 * (CSR), cycle finding, an exact string index. Internal: no package entry
 * exports this folder.
 */
export { type Csr, IntList, groupBy, uniqueLists } from './csr.js';
export { acyclic, findCycles, findCyclesCsr } from './cycles.js';
export { StringIndex, hashString } from './string-index.js';
