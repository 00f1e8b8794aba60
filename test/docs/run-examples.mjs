// Runs compiled examples one after another in this process, each in a fresh
// temporary directory as its working directory, and writes what happened to a
// JSON file: argv[2] lists `{ id, module }`, argv[3] receives `{ id, error? }[]`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const TIMEOUT_MS = 10_000;
const [list, out] = process.argv.slice(2);
const results = [];
// A promise an example drops on the floor is its failure, not the runner's.
let stray;
process.on('unhandledRejection', (reason) => {
  stray = reason;
});
for (const { id, module } of JSON.parse(readFileSync(list, 'utf8'))) {
  const dir = mkdtempSync(join(tmpdir(), 'memkit-example-'));
  process.chdir(dir);
  stray = undefined;
  let error;
  try {
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`still running after ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    });
    await Promise.race([import(pathToFileURL(module).href), timeout]).finally(() => clearTimeout(timer));
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (stray !== undefined) throw stray;
  } catch (cause) {
    error = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  }
  results.push(error === undefined ? { id } : { id, error });
  process.chdir(tmpdir());
  rmSync(dir, { recursive: true, force: true });
}
writeFileSync(out, JSON.stringify(results));
process.exit(0); // an example's open handle (a server, a timer) must not keep the runner alive
