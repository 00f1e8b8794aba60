import fc from 'fast-check';
import type { TaskIndex } from '../index.js';
import { semverArb } from './semver.js';
import { wbsIndexEntryArb } from './wbs-index-entry.js';

/** Valid `task-index.json` values (format `wbs-task-index`); entries have distinct ids. */
export const wbsTaskIndexArb: fc.Arbitrary<TaskIndex> = fc.record({
  version: semverArb,
  tasks: fc.uniqueArray(wbsIndexEntryArb, { maxLength: 5, selector: (e) => e.id }),
});
