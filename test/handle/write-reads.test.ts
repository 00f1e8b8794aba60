// One append, on the handle as the CLI and the MCP server open it: the checker walks the directory once (before
// and after from one listing) and the handle reads the ledger once; the tail append reads the rest itself.
import { afterEach, describe, expect, it } from 'vitest';
import { nodeMemoryOptions } from '../../src/adapters/node/open-memory.js';
import { openMemory } from '../../src/index.js';
import { copyExample } from '../cli/helpers.js';

const copies: { done: () => void }[] = [];
afterEach(() => {
  for (const c of copies.splice(0)) c.done();
});

const LEDGER = 'memory-bank/decisionLog.md';
const decision = (rationale: string) => ({ proposer_agent: 'ReaperOAK', rationale, diff_hash: 'b'.repeat(64), tests_passed: true });

describe('an append', () => {
  it.each([
    ['by path', LEDGER],
    ['by format', 'decision-log'],
  ])('%s lists the directory once and reads the ledger once', async (_, ref) => {
    const c = copyExample('agent-memory');
    copies.push(c);
    const options = nodeMemoryOptions(c.dir);
    const counts = { lists: 0, ledgerReads: 0 };
    const source = { ...options.source, list: (...a: Parameters<typeof options.source.list>) => (counts.lists++, options.source.list(...a)) };
    const files = { ...options.files, read: (path: string) => (path === LEDGER && counts.ledgerReads++, options.files.read(path)) };
    const memory = openMemory({ ...options, source, files });
    // The directory's formats are found once per handle (what the MCP server has done before its first call).
    expect((await memory.append(ref, decision('first'))).ok).toBe(true);
    counts.lists = 0;
    counts.ledgerReads = 0;
    const appended = await memory.append(ref, decision('counted'));
    expect(appended.ok, JSON.stringify(appended.problems)).toBe(true);
    expect(counts).toEqual({ lists: 1, ledgerReads: 1 });
  });
});
