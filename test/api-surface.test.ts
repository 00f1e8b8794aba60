// The public surface is a decision written down: every entry's exported names
// equal the list for that entry in docs/api-surface.md (regenerate the page
// with `node scripts/emit-api-surface.mjs`), the core entry stays small, and
// no name means two different things in two entries.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
type Entry = { entry: string; names: { name: string; kind: string; origin: string }[] };

// One TypeScript program over every entry, built in a child process (the script is plain ESM).
const entries: Entry[] = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { surface } from ${JSON.stringify(pathToFileURL(join(ROOT, 'scripts/emit-api-surface.mjs')).href)};
process.stdout.write(JSON.stringify(surface()));`,
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 },
  ),
);

/** `## \`memkit/x\`` sections of the page → the names listed under each. */
function documented(): Map<string, string[]> {
  const page = readFileSync(join(ROOT, 'docs/api-surface.md'), 'utf8');
  const out = new Map<string, string[]>();
  for (const section of page.split(/\n(?=## `)/).slice(1)) {
    const entry = /^## `([^`]+)`/.exec(section)![1]!;
    out.set(
      entry,
      [...section.matchAll(/^- `([^`]+)` \(/gm)].map((m) => m[1]!),
    );
  }
  return out;
}

describe('public API surface', { timeout: 120_000 }, () => {
  it('docs/api-surface.md lists exactly the names each entry exports', () => {
    const page = documented();
    expect([...page.keys()].sort()).toEqual(entries.map((e) => e.entry).sort());
    for (const e of entries) expect(page.get(e.entry), e.entry).toEqual(e.names.map((n) => n.name));
  });

  it('the core entry is curated (it re-exported 230 names, internals included)', () => {
    const core = entries.find((e) => e.entry === 'memkit')!;
    // The handle and its methods' input and result types, problems, canonical JSON, secret detection: well under the 230.
    expect(core.names.length).toBeLessThan(130);
    const names = core.names.map((n) => n.name);
    for (const internal of ['guardedCheck', 'compiledSchemaOf', 'schemaErrors', 'capProblems', 'canonicalizeProblem', 'parseYamlBlock', 'DecisionLogEntry']) expect(names).not.toContain(internal);
  });

  /** Names two entries export as different declarations on purpose, each with why. */
  const SAME_JOB: Readonly<Record<string, string>> = {
    openMemory: "one handle, two ways in: `memkit` opens a FilePort, `memkit/node` a directory path with Node's lock files and hashing (docs/decisions.md)",
  };

  it('a name exported by two entries is the same declaration in both', () => {
    const seen = new Map<string, { entry: string; origin: string }>();
    const clashes: string[] = [];
    for (const e of entries)
      for (const n of e.names) {
        const first = seen.get(n.name);
        if (first === undefined) seen.set(n.name, { entry: e.entry, origin: n.origin });
        else if (first.origin !== n.origin && SAME_JOB[n.name] === undefined) clashes.push(`${n.name}: ${first.entry} (${first.origin}) vs ${e.entry} (${n.origin})`);
      }
    expect(clashes).toEqual([]);
  });
});
