// The MCP `read` of a ledger carries its verification verdict, and a ledger that does not verify is
// refused (memory-bank-schema.md: "VERIFY: Chain integrity before any agent reads memory"); it handed a
// tampered decisionLog.md to the agent with no problem and no isError.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import { createMemkitMcpServer } from '../../src/surfaces/mcp/index.js';
import { copyExample } from './helpers.js';

const LOG = 'memory-bank/decisionLog.md';

const dirs: { done: () => void }[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.done();
});

/** A copy of examples/agent-memory. */
function example(): string {
  const ex = copyExample('agent-memory');
  dirs.push(ex);
  return ex.dir;
}

/** The ledger's text with the rationale of its first entry changed: the next entry's predecessor_hash no longer matches. */
function tamper(dir: string): { line: number } {
  const path = join(dir, LOG);
  const text = readFileSync(path, 'utf8');
  const after = text.replace('"rationale":"Use SQLite FTS5', '"rationale":"Use PostgreSQL');
  expect(after).not.toBe(text);
  writeFileSync(path, after);
  // The second entry is the one whose predecessor_hash no longer matches.
  const lines = after.split('\n');
  return { line: lines.findIndex((l) => l.includes('"id":"DEC-20260220-002"')) + 1 };
}

/** The result of `read` with `args` in `dir`, as `memkit mcp DIR` serves it (a small result limit pages). */
async function readTool(dir: string, args: Record<string, unknown>, maxResultBytes?: number) {
  const mcp = await createMemkitMcpServer({
    files: nodeFiles(dir, { extensions: null }),
    source: nodeCheckSource(dir),
    hasher: nodeHasher,
    ...(maxResultBytes === undefined ? {} : { limits: { maxResultBytes } }),
  });
  try {
    return await mcp.call('read', args);
  } finally {
    await mcp.close();
  }
}

describe('MCP read verifies a ledger before handing it to the agent (a tampered decisionLog.md was read clean)', () => {
  it('an intact ledger comes with its verdict: ok, the entries, the head, no problem', async () => {
    const dir = example();
    const r = await readTool(dir, { path: LOG });
    expect(r.ok).toBe(true);
    const v = (r as { value: { text: string; verified: Record<string, unknown> } }).value;
    expect(v.text).toBe(readFileSync(join(dir, LOG), 'utf8'));
    expect(v.verified).toMatchObject({ ok: true, firstProblem: null, problems: 0 });
    expect(v.verified.entries).toBeGreaterThan(1);
    expect(v.verified.head).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a tampered ledger is refused with mcp.ledger-unverified at the line that breaks, and its text is not returned', async () => {
    const dir = example();
    const { line } = tamper(dir);
    const r = await readTool(dir, { path: LOG });
    expect(r.ok).toBe(false);
    const problems = (r as { problems: { code: string; line?: number; file?: string }[] }).problems;
    expect(problems[0]).toMatchObject({ code: 'mcp.ledger-unverified', severity: 'error', file: LOG, line });
    expect(problems.slice(1).map((p) => p.code)).toContain('ledger.predecessor-mismatch');
    expect(JSON.stringify(problems)).not.toContain('Use PostgreSQL');
  });

  it('a page of a tampered ledger is refused too', async () => {
    const dir = example();
    tamper(dir);
    for (const args of [{ path: LOG, offset: 10 }, { path: LOG }]) {
      const r = await readTool(dir, args, 600);
      expect(r.ok, JSON.stringify(args)).toBe(false);
      expect((r as { problems: { code: string }[] }).problems[0]!.code).toBe('mcp.ledger-unverified');
    }
  });

  it('a page of an intact ledger carries the verdict and fits the result limit', async () => {
    const dir = example();
    const r = await readTool(dir, { path: LOG, offset: 0 }, 700);
    expect(r.ok).toBe(true);
    const v = (r as { value: { truncated: boolean; text: string; verified: { ok: boolean } } }).value;
    expect(v.truncated).toBe(true);
    expect(v.verified.ok).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(v))).toBeLessThanOrEqual(700);
  });

  it('a warning does not stop the read: the verdict names it', async () => {
    const dir = example();
    const path = join(dir, LOG);
    const lines = readFileSync(path, 'utf8').split('\n');
    const first = lines.findIndex((l) => l.startsWith('{'));
    // Keys reversed: not canonical (a warning), while its canonical hash still chains.
    lines[first] = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(lines[first]!) as object).reverse()));
    writeFileSync(path, lines.join('\n'));
    const r = await readTool(dir, { path: LOG });
    expect(r.ok).toBe(true);
    const v = (r as { value: { verified: { ok: boolean; firstProblem: { severity: string; line: number } } } }).value;
    expect(v.verified.ok).toBe(true);
    expect(v.verified.firstProblem).toMatchObject({ severity: 'warning', line: first + 1 });
  });

  it('a Markdown-block ledger (feedback-log.md) comes verified too', async () => {
    const r = await readTool(example(), { path: 'memory-bank/feedback-log.md' });
    expect(r.ok).toBe(true);
    expect((r as { value: { verified: unknown } }).value.verified).toMatchObject({ ok: true, problems: 0 });
  });

  it('a file that is not a ledger carries no verdict', async () => {
    const dir = example();
    const r = await readTool(dir, { path: 'memory-bank/progress.md' });
    expect(r.ok).toBe(true);
    expect((r as { value: object }).value).not.toHaveProperty('verified');
  });
});
