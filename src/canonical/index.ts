export * from './jcs.js';
export * from './sha256.js';
export * from './hash-json.js';
