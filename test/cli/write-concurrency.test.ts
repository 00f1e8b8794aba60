// Processes of the built CLI writing at once: 4 × 250 `memkit append` on one ledger lose no entry and keep the
// chain (`memkit verify` exit 0); 4 × 25 `memkit note` on distinct docs leave every doc and one manifest listing
// them all. Each write takes the file's lock, so the writers queue rather than overwrite one another.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyExample } from './helpers.js';
import { type BuiltRun, runBuilt, snapshotCli } from './write-built.js';

const copies: { done: () => void }[] = [];
afterEach(() => {
  for (const c of copies.splice(0)) c.done();
});
let cli: ReturnType<typeof snapshotCli>;
beforeAll(() => {
  cli = snapshotCli();
});
afterAll(() => cli?.done());

const memkit = (args: string[], cwd: string, input = ''): Promise<BuiltRun> => runBuilt(cli.main, args, cwd, input);

const WRITERS = 4;

/** Runs `each(w, i)` `count` times per writer, one after another within a writer, the writers at once; collects failures. */
async function writers(count: number, each: (w: number, i: number) => Promise<BuiltRun>): Promise<string[]> {
  const failed: string[] = [];
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < count; i++) {
        const r = await each(w, i);
        if (r.code !== 0) failed.push(`writer ${w} #${i}: exit ${r.code}: ${r.stdout}${r.stderr}`);
      }
    }),
  );
  return failed;
}

describe('concurrent CLI writers', () => {
  it('4 processes × 250 memkit append on one ledger: 1,000 entries, each once, and memkit verify exits 0', async () => {
    // The active context: every agent may append, and its entries carry no per-day id (a decision id allows 999 a day).
    const c = copyExample('agent-memory');
    copies.push(c);
    const ledger = join(c.dir, 'memory-bank', 'activeContext.md');
    const entryLines = () =>
      readFileSync(ledger, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{'));
    const before = entryLines().length;
    const note = (w: number, i: number) => JSON.stringify({ source_chunks: ['c'.repeat(64)], summary_128: `writer ${w} entry ${i}` });
    const failed = await writers(250, (w, i) => memkit(['append', 'memory-bank/activeContext.md', '--as', `Agent${w}`], c.dir, note(w, i)));
    expect(failed).toEqual([]);
    const lines = entryLines();
    expect(lines).toHaveLength(before + 1000);
    const entries = lines.map((l) => JSON.parse(l) as { summary_128: string; source_agent: string }).filter((e) => e.summary_128.startsWith('writer '));
    expect(new Set(entries.map((e) => e.summary_128)).size).toBe(1000);
    for (let w = 0; w < WRITERS; w++) {
      // Each writer's entries, under its name, in the order it wrote them.
      const own = entries.filter((e) => e.summary_128.startsWith(`writer ${w} `));
      expect(own.every((e) => e.source_agent === `Agent${w}`)).toBe(true);
      expect(own.map((e) => Number(e.summary_128.split(' ')[3]))).toEqual(Array.from({ length: 250 }, (_, i) => i));
    }
    const verified = await memkit(['verify', 'memory-bank/activeContext.md', '--format', 'json'], c.dir);
    expect(verified.code, verified.stdout).toBe(0);
    expect((JSON.parse(verified.stdout) as { problems: unknown[] }).problems).toEqual([]);
    const checked = await memkit(['check', '.', '--format', 'json'], c.dir);
    expect(checked.code, checked.stdout).toBe(0);
  }, 600_000);

  it('4 processes × 25 memkit note on distinct docs: every doc there, one valid manifest listing all', async () => {
    const c = copyExample('agent-memory');
    copies.push(c);
    const id = (w: number, i: number) => `fact.writer-${w}.note-${i}`;
    const failed = await writers(25, (w, i) =>
      memkit(
        ['note', '.', '--id', id(w, i), '--kind', 'fact', '--title', `Note ${i} of writer ${w}`, '--tag', `writer-${w}`],
        c.dir,
        `# Note ${i} of writer ${w}\n\nWritten by writer ${w}, note ${i}.\n`,
      ),
    );
    expect(failed).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(c.dir, '.thunderus', 'memory', 'indexes', 'manifest.json'), 'utf8')) as { docs: { id: string; path: string }[] };
    const listed = new Map(manifest.docs.map((d) => [d.id, d.path]));
    for (let w = 0; w < WRITERS; w++)
      for (let i = 0; i < 25; i++) {
        const path = listed.get(id(w, i));
        expect(path, `${id(w, i)} in the manifest`).toBeDefined();
        expect(readFileSync(join(c.dir, path!), 'utf8')).toContain(`Written by writer ${w}, note ${i}.`);
      }
    const checked = await memkit(['check', '.', '--format', 'json'], c.dir);
    expect(checked.code, checked.stdout).toBe(0);
  }, 600_000);
});
