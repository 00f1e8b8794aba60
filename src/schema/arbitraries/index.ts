// `memkit/arbitraries`: fast-check generators of valid values for every memkit format.
// fast-check is a peer dependency, imported only under this entry point.
export * from './arbitrary-for.js';
export * from './export-v1.js';
export * from './memory-bank.js';
export * from './primitives.js';
export * from './thread-store.js';
export * from './thunderus.js';
export * from './wbs.js';
