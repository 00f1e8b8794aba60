// The MCP `verify` tool reports what `memkit verify` reports: the severities `check` gives each
// problem under the directory's config, the payload_hash of each productContext.md entry compared
// with its payload (read as the server reads any file), and the earliest-line problem first.
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import type { Problem } from '../../src/kernel/problems/index.js';
import { createMemkitMcpServer } from '../../src/surfaces/mcp/index.js';
import { ROOT } from '../cli/helpers.js';
import { copyExample, tempDir } from './helpers.js';

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

const PRODUCT = 'memory-bank/productContext.md';
const VISION = 'memory-bank/payloads/product-vision.json';

/** A copy of examples/agent-memory whose productContext.md entry names its payload at `loc`. */
function exampleWithPayloadAt(loc: string): string {
  const ex = copyExample('agent-memory');
  dirs.push(ex);
  const path = join(ex.dir, PRODUCT);
  const text = readFileSync(path, 'utf8');
  const after = text.replace('"payload_loc":"payloads/product-vision.json"', `"payload_loc":${JSON.stringify(loc)}`);
  expect(after).not.toBe(text);
  writeFileSync(path, after);
  return ex.dir;
}

describe('MCP verify compares payload_hash with the payload (it checked no payload)', () => {
  it('a payload that does not hash to payload_hash fails the ledger at its line', async () => {
    const ex = copyExample('agent-memory');
    dirs.push(ex);
    expect(await verifyTool(ex.dir, PRODUCT)).toMatchObject({ ok: true, problems: 0 });
    writeFileSync(join(ex.dir, VISION), readFileSync(join(ex.dir, VISION), 'utf8').replace('{', '{"changed":true,'));
    const v = await verifyTool(ex.dir, PRODUCT);
    expect(v.ok).toBe(false);
    expect(v.firstProblem).toMatchObject({ code: 'ledger.payload-hash-mismatch', severity: 'error', line: 5, file: PRODUCT });
  });

  it('a payload_loc climbing out of the ledger directory is looked up from the root, as check looks it up', async () => {
    const dir = exampleWithPayloadAt('../payloads/product-vision.json');
    expect(await verifyTool(dir, PRODUCT)).toMatchObject({ ok: true, firstProblem: { code: 'ledger.payload-missing' } });
    mkdirSync(join(dir, 'payloads'));
    cpSync(join(dir, VISION), join(dir, 'payloads', 'product-vision.json'));
    expect(await verifyTool(dir, PRODUCT)).toMatchObject({ ok: true, problems: 0 });
    writeFileSync(join(dir, 'payloads', 'product-vision.json'), '{}');
    expect((await verifyTool(dir, PRODUCT)).firstProblem).toMatchObject({ code: 'ledger.payload-hash-mismatch' });
  });

  it('a payload is read as every read of the server: a link only to a memory file, nothing under .git, nothing outside the root', async () => {
    const ex = copyExample('agent-memory');
    dirs.push(ex);
    const bytes = readFileSync(join(ex.dir, VISION));
    // The right bytes behind each refused path: a payload read through it would match and report nothing.
    writeFileSync(join(ex.dir, '.env'), bytes);
    rmSync(join(ex.dir, VISION));
    symlinkSync('../../.env', join(ex.dir, VISION));
    expect((await verifyTool(ex.dir, PRODUCT)).firstProblem).toMatchObject({ code: 'ledger.payload-missing', severity: 'warning' });

    const git = exampleWithPayloadAt('../.git/product-vision.json');
    mkdirSync(join(git, '.git'));
    writeFileSync(join(git, '.git', 'product-vision.json'), bytes);
    expect((await verifyTool(git, PRODUCT)).firstProblem).toMatchObject({ code: 'ledger.payload-missing' });

    const outside = exampleWithPayloadAt('../../product-vision.json');
    writeFileSync(join(outside, '..', 'product-vision.json'), bytes);
    expect((await verifyTool(outside, PRODUCT)).firstProblem).toMatchObject({ code: 'ledger.payload-missing' });
  });
});

describe('MCP verify names the earliest-line problem first (it took the first in list order)', () => {
  it('a feedback entry with no yaml block and text under its heading: the block at the heading line comes first', async () => {
    const dir = ruleExample('feedback-log.missing-block/fail');
    // The reader finds the text under the heading (line 5) before it finds the block missing (line 3).
    for (const config of [undefined, { profile: 'strict' }]) {
      if (config) writeFileSync(join(dir, 'memkit.config.json'), JSON.stringify(config));
      const v = await verifyTool(dir, FEEDBACK);
      expect(v.problems).toBe(2);
      expect(v.firstProblem).toMatchObject({ code: 'feedback-log.missing-block', line: 3 });
    }
  });

  it('an error comes before a warning on an earlier line', async () => {
    const ex = copyExample('agent-memory');
    dirs.push(ex);
    const path = join(ex.dir, 'memory-bank/decisionLog.md');
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    const first = lines.findIndex((l) => l.startsWith('{'));
    // The first entry with its keys reversed (not canonical: a warning; its hash, of the canonical form, still chains),
    // the last one chained onto the wrong hash (an error).
    lines[first] = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(lines[first]!) as object).reverse()));
    const last = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    lines[lines.length - 1] = JSON.stringify({ ...last, predecessor_hash: '1'.repeat(64) });
    writeFileSync(path, `${lines.join('\n')}\n`);
    const v = await verifyTool(ex.dir, 'memory-bank/decisionLog.md');
    expect(v.ok).toBe(false);
    expect(v.problems).toBe(2);
    expect(v.firstProblem).toMatchObject({ code: 'ledger.predecessor-mismatch', severity: 'error', line: lines.length });
  });
});
