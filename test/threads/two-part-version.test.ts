// #20: a thread store with "version": "1.0" (the format's own example; its table says "semver
// format") was refused as not SemVer. A two-part MAJOR.MINOR version is valid: no error in the
// default profile, the convention warning `threads.version-two-part`; a version that is neither
// stays an error, and the JSON Schema accepts "1.0" too.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/schema/index.js';
import { checkThreadStore } from '../../src/services/threads/index.js';
import { ROOT, runCli, tempDir } from '../cli/helpers.js';

const STORE = JSON.parse(readFileSync(join(ROOT, 'examples/agent-memory/threads/thread-store.json'), 'utf8')) as Record<string, unknown>;
const errors = (ps: { code: string; severity: string }[]) => ps.filter((p) => p.severity === 'error').map((p) => p.code);

describe('a thread store with a two-part version "1.0" is not refused as not SemVer', () => {
  it('"1.0" checks with the convention warning only; "1" and "v1.0" are errors', () => {
    const two = checkThreadStore({ ...STORE, version: '1.0' });
    expect(errors(two)).toEqual([]);
    expect(two.map((p) => [p.code, p.severity])).toContainEqual(['threads.version-two-part', 'warning']);
    expect(validate('thread-store', { ...STORE, version: '1.0' })).toEqual([]);
    expect(checkThreadStore(STORE).map((p) => p.code)).not.toContain('threads.version-two-part');
    for (const bad of ['1', 'v1.0', '1.0.', '01.0', '1.0.0.0']) expect(errors(checkThreadStore({ ...STORE, version: bad })), bad).not.toEqual([]);
  });

  it('memkit check: no error in the default profile, threads.version-two-part as a warning, an error under --profile strict', { timeout: 30_000 }, async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'threads'));
      writeFileSync(join(t.dir, 'threads/thread-store.json'), JSON.stringify({ ...STORE, version: '1.0' }, null, 2));
      const c = await runCli(['check', t.dir, '--format', 'json']);
      const report = JSON.parse(c.stdout) as { problems: { code: string; severity: string }[] };
      expect(errors(report.problems)).toEqual([]);
      expect(report.problems).toContainEqual(expect.objectContaining({ code: 'threads.version-two-part', severity: 'warning' }));
      expect(c.code).toBe(0);
      const strict = await runCli(['check', t.dir, '--format', 'json', '--profile', 'strict']);
      expect(strict.code).toBe(1);
      expect(JSON.parse(strict.stdout).problems).toContainEqual(expect.objectContaining({ code: 'threads.version-two-part', severity: 'error' }));
    } finally {
      t.done();
    }
  });
});
