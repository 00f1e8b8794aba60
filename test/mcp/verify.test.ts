// The MCP `verify` tool reports what `memkit verify` reports: the severities `check` gives each
// problem under the directory's config.
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import type { Problem } from '../../src/kernel/problems/index.js';
import { createMemkitMcpServer } from '../../src/surfaces/mcp/index.js';
import { ROOT } from '../cli/helpers.js';
import { tempDir } from './helpers.js';

interface Verified {
  ok: boolean;
  entries: number;
  firstProblem: Problem | null;
  problems: number;
}

const dirs: { done: () => void }[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.done();
});

/** The MCP `verify` result for `ledger` in `dir`, the server built as `memkit mcp DIR` builds it. */
async function verifyTool(dir: string, ledger: string): Promise<Verified> {
  const server = await createMemkitMcpServer({ files: nodeFiles(dir, { extensions: null }), source: nodeCheckSource(dir), hasher: nodeHasher });
  try {
    const r = await server.call('verify', { ledger });
    if (!r.ok) throw new Error(`verify refused: ${JSON.stringify(r.problems)}`);
    return r.value as Verified;
  } finally {
    await server.close();
  }
}

/** A copy of a rule example (test/fixtures/rules/<code>/<kind>). */
function ruleExample(example: string): string {
  const t = tempDir();
  dirs.push(t);
  cpSync(join(ROOT, 'test', 'fixtures', 'rules', example), t.dir, { recursive: true });
  return t.dir;
}

const FEEDBACK = 'memory-bank/feedback-log.md';

describe('MCP verify rates each problem as check does (feedback-log conventions were errors)', () => {
  it('a feedback-log.md heading it cannot read is a warning under the default spec profile, as in check', async () => {
    const dir = ruleExample('feedback-log.bad-heading/fail');
    const v = await verifyTool(dir, FEEDBACK);
    expect(v.ok).toBe(true);
    expect(v.firstProblem).toMatchObject({ code: 'feedback-log.bad-heading', severity: 'warning', line: 14 });
  });

  it("the config's strict profile makes it an error, and its rules can turn it off", async () => {
    const dir = ruleExample('feedback-log.bad-heading/fail');
    writeFileSync(join(dir, 'memkit.config.json'), JSON.stringify({ profile: 'strict' }));
    const strict = await verifyTool(dir, FEEDBACK);
    expect(strict.ok).toBe(false);
    expect(strict.firstProblem).toMatchObject({ code: 'feedback-log.bad-heading', severity: 'error' });
    writeFileSync(join(dir, 'memkit.config.json'), JSON.stringify({ profile: 'strict', rules: { 'feedback-log.bad-heading': 'off' } }));
    const off = await verifyTool(dir, FEEDBACK);
    expect(off).toMatchObject({ ok: true, problems: 0, firstProblem: null });
  });
});
