export * from './hasher.js';
export * from './lock.js';
export * from './ledger-file.js';
