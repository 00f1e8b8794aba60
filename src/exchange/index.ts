/**
 * `memkit/exchange`: self-verifying NDJSON export and import (ADR-0002),
 * pure schema migrations, the recovery drill, and thread-store evolution.
 * @packageDocumentation
 */
export * from './codes.js';
export * from './formats.js';
export * from './fast-date.js';
export * from './records.js';
export * from './record-store.js';
export * from './source.js';
export * from './digest.js';
export * from './canonical-line.js';
export * from './file-records.js';
export * from './base64.js';
export * from './conflicts.js';
export * from './export.js';
export * from './import.js';
export * from './staging.js';
export * from './directory-memory.js';
export * from './drill.js';
export * from './migrations/index.js';
export * from './thread-store-evolution.js';
export * from '../schemas/export-v2.js';
