/**
 * memkit core: problems, canonical JSON and hashing, schemas and validators,
 * parsers and serializers. Loads no WASM and no `node:` module.
 * @packageDocumentation
 */
export * from './problems/index.js';
export * from './canonical/index.js';
export * from './schemas/index.js';
export * from './parse/index.js';
