/**
 * The directory checker behind `memkit check`: layout discovery (DESIGN §5)
 * and per-file plus cross-file checks over a {@link CheckSource}.
 * @packageDocumentation
 */
export * from './codes.js';
export * from './layout.js';
export * from './source.js';
export * from './json-locate.js';
export * from './check-directory.js';
