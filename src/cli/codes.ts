import { defineCodes } from '../problems/codes.js';

/** Problem codes raised by the CLI commands themselves. */
export const cliCodes = defineCodes({
  'cli.internal': { meaning: 'The command failed in a way memkit did not expect.', fix: 'Report this as a memkit bug with the command line and, if you can, the input.' },
  'cli.not-available': { meaning: 'The command needs a memkit module that this build does not include.', fix: 'Use a complete memkit build.' },
});
