export * from './problem.js';
export * from './memkit-error.js';
export * from './pointer.js';
export * from './position.js';
export * from './codes.js';
export * from './cap.js';
export * from './sink.js';
