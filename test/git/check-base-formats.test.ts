import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFromFilePort } from '../../src/engine/source.js';
import { type BaseFiles, checkAgainstBase } from '../../src/git.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { ROOT } from '../cli/helpers.js';

const example = (path: string) => readFileSync(join(ROOT, 'examples/agent-memory', path), 'utf8');
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/** A base-files port over a map of paths to text. */
function baseFiles(files: Record<string, string>): BaseFiles {
  return { read: async (p) => (Object.hasOwn(files, p) ? new TextEncoder().encode(files[p]) : undefined), list: async () => Object.keys(files) };
}

async function compare(base: Record<string, string>, head: Record<string, string>) {
  const report = await checkAgainstBase(sourceFromFilePort(memoryFiles(head)), baseFiles(base));
  return report.problems.filter((p) => p.code.startsWith('git.')).map((p) => [p.code, p.severity, p.file, p.line]);
}

describe('checkAgainstBase on the JSON formats', () => {
  const store = JSON.parse(example('threads/thread-store.json'));
  const path = 'threads/thread-store.json';

  it('a frozen thread that changed is an error; archiving it is allowed', async () => {
    const edited = { ...store, threads: { ...store.threads, 'store-index': { ...store.threads['store-index'], objective: 'something else' } } };
    const problems = await compare({ [path]: json(store) }, { [path]: json(edited) });
    expect(problems).toEqual([['git.thread-read-only-changed', 'error', path, 20]]);
    const archived = { ...store, threads: { ...store.threads, 'store-index': { ...store.threads['store-index'], status: 'archived' } } };
    expect((await compare({ [path]: json(store) }, { [path]: json(archived) })).filter((p) => p[0] === 'git.thread-read-only-changed')).toEqual([]);
  });

  it('a thread store whose version went down is a warning', async () => {
    const problems = await compare({ [path]: json({ ...store, version: '1.1.0' }) }, { [path]: json(store) });
    expect(problems).toEqual([['git.schema-version-down', 'warning', path, 2]]);
  });

  it('a task that left done is a convention warning, with its line', async () => {
    const task = JSON.parse(example('.claude/memory/tasks/1.1.1.json'));
    const p = '.claude/memory/tasks/1.1.1.json';
    const problems = await compare({ [p]: json(task) }, { [p]: json({ ...task, status: 'in-progress' }) });
    expect(problems.filter((x) => x[0] === 'git.task-reopened')).toEqual([['git.task-reopened', 'warning', p, expect.any(Number)]]);
  });

  it('an events.jsonl cut at the head of the branch is reported', async () => {
    const events = example('.thunderus/events.jsonl');
    const p = '.thunderus/events.jsonl';
    const cut = events.split('\n').slice(1).join('\n');
    const report = await checkAgainstBase(sourceFromFilePort(memoryFiles({ [p]: cut })), baseFiles({ [p]: events }));
    expect(report.problems.some((x) => x.file === p && x.severity === 'error' && x.code.startsWith('ledger.entry-'))).toBe(true);
  });
});
