// The example memory as an in-memory port: the handle's tests run on a copy no test can change on disk.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { memoryFiles } from '../../src/index.js';

const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'agent-memory');

/** Every file of examples/agent-memory in a fresh `memoryFiles()` port. */
export function exampleFiles(): ReturnType<typeof memoryFiles> {
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(EXAMPLE, path).split('\\').join('/')] = new Uint8Array(readFileSync(path));
    }
  };
  walk(EXAMPLE);
  return memoryFiles(files);
}
