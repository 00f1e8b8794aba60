import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The (file, line, code) rows of the table in examples/broken/README.md. */
export function readmeRows(): { file: string; line?: number; code: string }[] {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'broken', 'README.md'), 'utf8');
  return [...text.matchAll(/^\| `([^`]+)` \| (\d*) \| `([^`]+)` \|/gm)].map((m) => ({ file: m[1]!, ...(m[2] ? { line: Number(m[2]) } : {}), code: m[3]! }));
}
