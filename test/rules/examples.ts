// Runs a rule example directory as `memkit check` does: `<code>/base/`, when present, is the
// earlier version of the files (what `memkit check --base REV` reads from git).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type DirectoryReport, checkDirectory } from '../../src/check/index.js';
import type { Profile } from '../../src/check/profile.js';
import { type BaseFiles, checkAgainstBase } from '../../src/git/index.js';
import { nodeCheckSource } from '../../src/node/check-source.js';

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
