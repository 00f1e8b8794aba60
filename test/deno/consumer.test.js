// The consumer job of issue #33 (test/consumer/programs/anywhere.mjs, written from the docs) in Deno:
// `memkit`'s openMemory over memoryFiles(), no node: import, `memkit` resolved from the built package.
// Run: npm run test:deno
import { deepStrictEqual } from 'node:assert/strict';
import { consumerFailures } from '../consumer/expected.mjs';
import { consumerJob } from '../consumer/programs/anywhere.mjs';

Deno.test('the consumer job runs through openMemory(memoryFiles())', async () => {
  const started = performance.now();
  const summary = await consumerJob();
  deepStrictEqual(consumerFailures(summary), []);
  console.log(`deno consumer: ${summary.entries} entries, checkpoint size ${summary.checkpointSize}, import wrote ${summary.importWritten} in ${Math.round(performance.now() - started)} ms`);
});
