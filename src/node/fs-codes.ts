import { defineCodes } from '../problems/index.js';

/** Problem codes of the Node file-system port (`nodeFiles`). */
export const fsCodes = defineCodes({
  'fs.bad-path': { meaning: 'A path given to the file port is empty, absolute, has a `..`, `.` or empty segment, a backslash or a NUL byte.', fix: 'Pass a relative, `/`-separated path inside the root.' },
  'fs.extension-not-allowed': { meaning: "The file's extension is not in the port's allowlist.", fix: 'Use an allowed extension, or widen the `extensions` option.' },
  'fs.outside-root': { meaning: 'The path resolves (through a symbolic link) to a place outside the root.', fix: 'Remove the symbolic link, or point it inside the root.' },
  'fs.not-found': { meaning: 'The file to rename does not exist.', fix: 'Check the path.' },
});
