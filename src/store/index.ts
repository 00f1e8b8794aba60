export * from './file-port.js';
