// Runs a rule example directory as `memkit check` does: `<code>/base/`, when present, is the
// earlier version of the files (what `memkit check --base REV` reads from git).
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { exampleCodes } from '../../scripts/emit-rules-doc.js';
import { FORMAT_RULES } from '../../src/formats/index.js';
import { type DirectoryReport, checkDirectory } from '../../src/engine/index.js';
import type { Profile } from '../../src/engine/profile.js';
import { type BaseFiles, checkAgainstBase } from '../../src/git.js';
import { nodeCheckSource } from '../../src/adapters/node/check-source.js';

/** The base revision of a check, read from a directory instead of git. */
export function baseFromDir(dir: string): BaseFiles {
  const source = nodeCheckSource(dir);
  return {
    read: async (path) => {
      const r = await source.read(path);
      return r.ok ? r.value : undefined;
    },
    list: async () => (await source.list()).files.map((f) => f.path),
  };
}

/** `memkit check <example>/<kind>` (with `--base` when the example has a `base/`), no config file. */
export async function checkExample(exampleDir: string, kind: 'fail' | 'pass', profile: Profile): Promise<DirectoryReport> {
  const head = nodeCheckSource(join(exampleDir, kind));
  const base = join(exampleDir, 'base');
  return existsSync(base) ? checkAgainstBase(head, baseFromDir(base), { profile, config: null }) : checkDirectory(head, { profile, config: null });
}

/** Where rule examples kept as directories live: one directory per code. */
export const FIXTURE_EXAMPLES = join(import.meta.dirname, '..', 'fixtures', 'rules');

/** Every code with an example (a fixture directory or a format rule's own examples), sorted. */
export { exampleCodes };

let inlineRoot: string | undefined;

/**
 * The directory holding a rule's examples (`fail/`, `pass/`, `base/`): its
 * fixture directory, or a format rule's own examples, written out once to a
 * temporary directory.
 */
export function exampleDir(code: string): string {
  const owned = FORMAT_RULES.get(code);
  if (owned === undefined) return join(FIXTURE_EXAMPLES, code);
  inlineRoot ??= mkdtempSync(join(tmpdir(), 'memkit-rule-examples-'));
  const dir = join(inlineRoot, code);
  if (!existsSync(dir))
    for (const kind of ['fail', 'pass', 'base'] as const)
      for (const [path, text] of Object.entries(owned.rule.examples[kind] ?? {})) {
        const file = join(dir, kind, path);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, text);
      }
  return dir;
}
