// Shared by the check tests of what the seeds do and do not require (#20): write a memory directory, run
// `memkit check` in-process on it, and read the JSON report.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sha256Hex } from '../../src/kernel/canonical/index.js';
import { entryHash, serializeEntry } from '../../src/services/ledger/index.js';
import { runCli, tempDir } from '../cli/helpers.js';

/** One reported problem, as the JSON report has it. */
export interface Reported {
  file?: string;
  code: string;
  severity: 'error' | 'warning';
  line?: number;
  pointer?: string;
  message?: string;
}

/** Writes `files` into a fresh directory and runs `memkit check --format json` on it (extra `args`, e.g. `--profile strict`). */
export async function checkFiles(files: Record<string, string>, args: string[] = []): Promise<{ code: number; problems: Reported[] }> {
  const t = tempDir();
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(t.dir, path)), { recursive: true });
      writeFileSync(join(t.dir, path), text);
    }
    const r = await runCli(['check', t.dir, '--format', 'json', ...args]);
    const out = JSON.parse(r.stdout) as { problems: Reported[] };
    return { code: r.code, problems: out.problems };
  } finally {
    t.done();
  }
}

/** The errors among `problems`, as `[code, pointer]` pairs. */
export const errorsOf = (problems: readonly Reported[]) => problems.filter((p) => p.severity === 'error').map((p) => [p.code, p.pointer]);

/** `drafts` chained by `predecessor_hash` (64 zeros first, then sha256 of the canonical previous entry). */
export function chain<T extends Record<string, unknown>>(drafts: readonly T[]): (T & { predecessor_hash: string })[] {
  let prev = '0'.repeat(64);
  return drafts.map((d) => {
    const e = { ...d, predecessor_hash: prev };
    prev = entryHash(e);
    return e;
  });
}

/** A ledger file: a heading, then one canonical JSON line per entry. */
export const ledger = (title: string, entries: readonly unknown[]) => `# ${title}\n\n${entries.map((e) => serializeEntry(e)).join('\n')}\n`;

/** A systemPatterns.md whose header hash matches `body`. */
export const systemPatterns = (body: string, version = '1.0.0') => `---\nversion: ${version}\nhash: ${sha256Hex(body)}\nlocked_by: ReaperOAK\nimmutable: true\n---\n${body}`;

/** A valid decisionLog.md entry draft (no predecessor_hash yet) for `diff`, the text it backs. */
export const decision = (n: number, diff: string, ts = '2026-02-20T02:00:00Z') => ({
  id: `DEC-20260220-${String(n).padStart(3, '0')}`,
  ts,
  proposer_agent: 'ReaperOAK',
  rationale: 'Record the patterns.',
  diff_hash: sha256Hex(diff),
  tests_passed: true,
});
