// A timestamp outside memkit's RFC 3339 form in a thread store or a WBS file got its
// convention.date-time-profile warning twice: the format's schema validation gave it, and the
// format's checker reported it once more.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/helpers.js';
import { checkFiles } from './check-files.js';

const EX = join(ROOT, 'examples', 'agent-memory');
const STORE = 'threads/thread-store.json';
const WBS = '.claude/memory';
const TASK = `${WBS}/tasks/1.1.1.json`;
const BASIC = '20260220T100000Z';

/** The example's WBS memory and thread store, with `edit` applied to the text of `path`. */
function files(path: string, edit: (text: string) => string): Record<string, string> {
  const out: Record<string, string> = { [STORE]: readFileSync(join(EX, STORE), 'utf8'), [`${WBS}/task-index.json`]: readFileSync(join(EX, WBS, 'task-index.json'), 'utf8') };
  for (const f of readdirSync(join(EX, WBS, 'tasks'))) out[`${WBS}/tasks/${f}`] = readFileSync(join(EX, WBS, 'tasks', f), 'utf8');
  const before = out[path]!;
  out[path] = edit(before);
  expect(out[path]).not.toBe(before);
  return out;
}

const profileWarnings = (problems: { code: string; file?: string; pointer?: string }[]) =>
  problems.filter((p) => p.code === 'convention.date-time-profile').map((p) => `${p.file?.slice(p.file.indexOf(p.file.includes('.claude') ? '.claude' : 'threads'))} ${p.pointer}`);

describe('convention.date-time-profile is reported once per timestamp', () => {
  it('in a thread store', async () => {
    const r = await checkFiles(files(STORE, (t) => t.replace(/"created_at": "[^"]+"/, `"created_at": "${BASIC}"`)));
    expect(r.code).toBe(0);
    expect(profileWarnings(r.problems)).toEqual([expect.stringMatching(/^threads\/thread-store\.json \/threads\/[^/]+\/created_at$/)]);
  });

  it('in a WBS task file', async () => {
    const r = await checkFiles(files(TASK, (t) => t.replace(/"startedAt": "[^"]+"/, `"startedAt": "${BASIC}"`)));
    expect(r.code).toBe(0);
    expect(profileWarnings(r.problems)).toEqual([`${TASK} /startedAt`]);
  });

  it('the example itself has none', async () => {
    const r = await checkFiles(files(STORE, (t) => `${t}\n`));
    expect(profileWarnings(r.problems)).toEqual([]);
  });
});
