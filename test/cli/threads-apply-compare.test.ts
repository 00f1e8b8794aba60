// `memkit threads apply` compares the store's bytes before it writes: an editor that saves
// the store without taking `<store>.lock` between the read and the write is not overwritten.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyExample, runCli } from './helpers.js';

const STORE = 'threads/thread-store.json';
// Set by a test: called once, right after the CLI has read the store.
let afterFirstRead: (() => void) | undefined;

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = (async (...args: Parameters<typeof real.readFile>) => {
    const out = await real.readFile(...args);
    const hook = afterFirstRead;
    if (hook !== undefined && String(args[0]).endsWith('thread-store.json')) {
      afterFirstRead = undefined;
      hook();
    }
    return out;
  }) as typeof real.readFile;
  return { ...real, default: { ...real, readFile }, readFile };
});

afterEach(() => {
  afterFirstRead = undefined;
});

describe('memkit threads apply compares the bytes it started from', () => {
  it('refuses with threads.store-changed when the store is edited (without the lock) between read and write, and keeps the edit', async () => {
    const ex = copyExample('agent-memory');
    try {
      const path = join(ex.dir, STORE);
      const edited = readFileSync(path, 'utf8').replace('"title": ', '"title":  ');
      afterFirstRead = () => writeFileSync(path, edited);
      const op = JSON.stringify({ command: 'spawn', operator: 'agent', params: { parent_id: 'memkit-main', child_id: 'ui', objective: 'Build the UI' } });
      const r = await runCli(['threads', 'apply', STORE, op, '--format', 'json'], { cwd: ex.dir });
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).problems.map((p: { code: string }) => p.code)).toEqual(['threads.store-changed']);
      expect(readFileSync(path, 'utf8')).toBe(edited);
    } finally {
      ex.done();
    }
  });

  it('writes when nothing changed the store meanwhile', async () => {
    const ex = copyExample('agent-memory');
    try {
      const op = JSON.stringify({ command: 'spawn', operator: 'agent', params: { parent_id: 'memkit-main', child_id: 'ui', objective: 'Build the UI' } });
      const r = await runCli(['threads', 'apply', STORE, op, '--format', 'json'], { cwd: ex.dir });
      expect(r.code, r.stdout).toBe(0);
      expect(JSON.parse(readFileSync(join(ex.dir, STORE), 'utf8')).threads).toHaveProperty('ui');
    } finally {
      ex.done();
    }
  });
});
