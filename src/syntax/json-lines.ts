export { jsonLines } from './jsonl.js';
