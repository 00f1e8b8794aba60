export * from './jcs.js';
export * from './sha256.js';
export * from './hash-json.js';
export * from './read-json.js';
export * from './well-formed.js';
export * from './codes.js';
