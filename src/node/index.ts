export * from './hasher.js';
export * from './lock.js';
export * from './ledger-file.js';
export * from './atomic-write.js';
export * from './fs-port.js';
export * from './check-source.js';
