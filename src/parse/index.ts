export * from './json.js';
export * from './codes.js';
export * from './limits.js';
export * from './yaml-block.js';
export * from './markdown.js';
export * from './plain.js';
export * from './frontmatter.js';
export * from './jsonl.js';
