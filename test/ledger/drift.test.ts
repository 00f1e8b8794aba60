import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { ledgerEntries, verifyLedgerPath } from '../../src/surfaces/cli/commands/ledger-input.js';
import { LEDGER_FORMATS, type LedgerFormatId, append } from '../../src/services/ledger/index.js';
import { createMemkitMcpServer } from '../../src/surfaces/mcp/index.js';
import { appendEntry, nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import { copyExample } from '../mcp/helpers.js';
import { jsHasher, sha256Hex } from '../../src/kernel/canonical/index.js';
import { verify, verifyFeedbackLog, verifyText } from '../../src/services/ledger/index.js';
import type { Problem } from '../../src/kernel/problems/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';

const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'agent-memory');

function load(dir: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = join(d, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out[relative(dir, abs).split(sep).join('/')] = new Uint8Array(readFileSync(abs));
    }
  };
  walk(dir);
  return out;
}

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const bytes = (s: string) => new TextEncoder().encode(s);
const check = (files: Record<string, Uint8Array>) => checkDirectory(sourceFromFilePort(memoryFiles(files)));
/** Code and severity of each problem in `file`, sorted. */
const found = (problems: readonly Problem[], file?: string) =>
  problems
    .filter((p) => file === undefined || p.file === file)
    .map((p) => `${p.code}:${p.severity}`)
    .sort();

describe('drift defect "payload hash case": check and verify compare payload_hash alike', () => {
  const PC = 'memory-bank/productContext.md';
  const PAYLOAD = 'memory-bank/payloads/product-vision.json';

  it('an uppercase payload_hash that names the payload passes memkit check and memkit verify', async () => {
    const files = load(EXAMPLE);
    const upper = text(files[PC]!).replace(/"payload_hash":"([0-9a-f]{64})"/, (_, h: string) => `"payload_hash":"${h.toUpperCase()}"`);
    expect(upper).not.toBe(text(files[PC]!));
    files[PC] = bytes(upper);
    const checked = found((await check(files)).problems, PC);
    const payloads = (loc: string) => (loc === 'payloads/product-vision.json' ? files[PAYLOAD] : undefined);
    const verifiedText = found(verifyText(upper, { format: 'product-context', file: PC, payloads }).problems);
    const verified = found((await verify(upper, { format: 'product-context', file: PC, payloads })).problems);
    expect(checked).not.toContain('ledger.payload-hash-mismatch:error');
    expect(verified).not.toContain('ledger.payload-hash-mismatch:error');
    // The case is a convention: warned about, never a mismatch, and the same on both surfaces.
    expect(verifiedText).toEqual(verified);
    expect(checked).toEqual(verified);
  });

  it('an uppercase payload_hash that names another payload is a mismatch on both', async () => {
    const files = load(EXAMPLE);
    files[PAYLOAD] = bytes('{"vision":"a todo app"}\n');
    const upper = text(files[PC]!).replace(/"payload_hash":"([0-9a-f]{64})"/, (_, h: string) => `"payload_hash":"${h.toUpperCase()}"`);
    files[PC] = bytes(upper);
    const checked = found((await check(files)).problems, PC);
    const verified = found((await verify(upper, { format: 'product-context', file: PC, payloads: () => files[PAYLOAD] })).problems);
    expect(checked).toContain('ledger.payload-hash-mismatch:error');
    expect(checked).toEqual(verified);
  });
});

describe('drift defect "feedback-log verification written three times": one reading for check, verify and the CLI', () => {
  const FB = 'memory-bank/feedback-log.md';
  const quiet = { update() {}, done() {} };
  /** Code, severity and line of each problem, sorted. */
  const where = (problems: readonly Problem[]) => problems.map((p) => `${p.code}:${p.severity}:${p.line}`).sort();

  for (const key of ['__proto__', 'constructor', 'prototype']) {
    it(`a feedback-log block holding a ${key} key is json.uncovered-key, an error, on every surface`, async () => {
      const files = load(EXAMPLE);
      const original = text(files[FB]!);
      // The key goes into the last block's YAML, before its predecessor_hash line.
      const cut = original.lastIndexOf('predecessor_hash:');
      const edited = `${original.slice(0, cut)}${key}: 1\n${original.slice(cut)}`;
      const keyLine = edited.slice(0, cut).split('\n').length;
      files[FB] = bytes(edited);
      const checked = where((await check(files)).problems.filter((p) => p.file === FB));
      const verified = where(verifyFeedbackLog(edited, { file: FB }).problems);
      const dir = mkdtempSync(join(tmpdir(), 'memkit-feedback-'));
      try {
        const abs = join(dir, 'feedback-log.md');
        writeFileSync(abs, edited);
        const cli = where((await verifyLedgerPath(abs, FB, {}, quiet)).problems);
        const checkpoint = where((await verifyLedgerPath(abs, FB, { checkpointAll: true }, quiet)).problems);
        const prove = where((await ledgerEntries(abs, FB)).problems);
        expect(verified).toEqual([`json.uncovered-key:error:${keyLine}`]);
        expect(checked).toEqual(verified);
        expect(cli).toEqual(verified);
        expect(checkpoint).toEqual(verified);
        expect(prove).toEqual(verified);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

describe('one ledger text reader for verify, verifyText and check', () => {
  it('a diff_hash quoted in a code fence of the preamble backs nothing: only entries are read', async () => {
    const files = load(EXAMPLE);
    const SP = 'memory-bank/systemPatterns.md';
    const DL = 'memory-bank/decisionLog.md';
    const piece = 'An unrecorded pattern.\n';
    files[SP] = bytes(text(files[SP]!) + piece);
    const unbacked = (problems: readonly Problem[]) => problems.filter((p) => p.code === 'ledger.system-patterns-unbacked' && p.file === SP);
    expect(unbacked((await check(files)).problems)).toHaveLength(1);
    // The sample sits in prose before the first entry: it is no decision.
    const sample = `An entry looks like this:\n\n\`\`\`json\n  "diff_hash": "${sha256Hex(piece, jsHasher)}"\n\`\`\`\n\n`;
    const log = text(files[DL]!);
    const first = log.indexOf('\n{') + 1;
    files[DL] = bytes(log.slice(0, first) + sample + log.slice(first));
    const report = await check(files);
    expect(report.problems.filter((p) => p.file === DL)).toEqual([]);
    expect(unbacked(report.problems)).toHaveLength(1);
  });

  it('verify over a stream and verifyText report the same problems, frontmatter included', async () => {
    const log = text(load(EXAMPLE)['memory-bank/decisionLog.md']!);
    const broken = `---\nid: [unclosed\n---\n${log}`;
    const whole = verifyText(broken, { format: 'decision-log' });
    expect(whole.problems.length).toBeGreaterThan(0);
    const chunks = (size: number) =>
      (async function* () {
        const b = bytes(broken);
        for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
      })();
    for (const size of [1, 7, 64, 1 << 20]) {
      const streamed = await verify(chunks(size), { format: 'decision-log' });
      expect(streamed.problems).toEqual(whole.problems);
      expect([streamed.entries, streamed.head, streamed.preambleLines]).toEqual([whole.entries, whole.head, whole.preambleLines]);
    }
  });
});

describe('drift defect "writer fields": memkit check and the MCP append read one writer-field table', () => {
  const open: { done(): void }[] = [];
  afterEach(() => {
    for (const x of open.splice(0)) x.done();
  });
  const serve = async () => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    const mcp = await createMemkitMcpServer({
      files: nodeFiles(ex.dir, { extensions: null }),
      source: nodeCheckSource(ex.dir),
      write: true,
      appendLedger: (rel: string, draft: Record<string, unknown>, format: LedgerFormatId) => appendEntry(join(ex.dir, rel), draft as never, { format }) as never,
      hasher: nodeHasher,
    });
    return { dir: ex.dir, mcp };
  };
  /** The bank with one entry appended to `ledger` by memkit's own append (chained, valid), then checked. */
  const checkWith = async (ledger: string, format: LedgerFormatId, draft: Record<string, unknown>, config?: unknown) => {
    const files = load(EXAMPLE);
    if (config !== undefined) files['memkit.config.json'] = bytes(JSON.stringify(config));
    const before = text(files[ledger]!);
    const built = append(parseEntries(before), draft as never, { format, now: () => new Date('2026-03-01T00:00:00Z') });
    if (!built.ok) throw new Error(JSON.stringify(built.problems));
    files[ledger] = bytes(`${before}${built.value.line}\n`);
    return (await check(files)).problems.filter((p) => p.file === ledger && p.code === 'ledger.writer-denied');
  };
  const parseEntries = (t: string) =>
    t
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as unknown);

  it("the table is the format modules' ledger facts: riskRegister.md reporter_agent, productContext.md author_agent, activeContext.md source_agent; a decision names its proposer, no writer", () => {
    expect(Object.fromEntries(Object.entries(LEDGER_FORMATS).map(([id, f]) => [id, f.writerField]))).toEqual({
      'active-context': 'source_agent',
      'decision-log': undefined,
      'feedback-log': 'from_agent',
      'product-context': 'author_agent',
      'risk-register': 'reporter_agent',
    });
  });

  it('a riskRegister.md entry whose reporter_agent is not a writer is reported by checkDirectory and refused by the MCP append', async () => {
    const entry = { reporter_agent: 'Frontend', threat_type: 'Tampering', severity: 'HIGH', description: 'd', mitigation: '', status: 'OPEN' };
    const checked = await checkWith('memory-bank/riskRegister.md', 'risk-register', entry);
    expect(checked.map((p) => [p.code, p.severity, p.pointer])).toEqual([['ledger.writer-denied', 'error', '/reporter_agent']]);
    const { mcp } = await serve();
    const r = await mcp.call('append', { ledger: 'memory-bank/riskRegister.md', entry });
    expect(r.ok ? [] : r.problems.map((p) => [p.code, p.severity])).toEqual([['ledger.writer-denied', 'error']]);
  });

  it('an activeContext.md source_agent outside a configured roster is reported by checkDirectory and refused by the MCP append', async () => {
    const config = { memoryBank: { writers: { 'activeContext.md': ['Planner', 'Backend', 'ReaperOAK'] } } };
    const entry = { source_agent: 'Intruder', source_chunks: [], summary_128: 'x' };
    const checked = await checkWith('memory-bank/activeContext.md', 'active-context', entry, config);
    expect(checked.map((p) => [p.code, p.pointer])).toEqual([['ledger.writer-denied', '/source_agent']]);
    const { dir, mcp } = await serve();
    writeFileSync(join(dir, 'memkit.config.json'), JSON.stringify(config));
    const r = await mcp.call('append', { ledger: 'memory-bank/activeContext.md', entry });
    expect(r.ok ? [] : r.problems.map((p) => p.code)).toContain('ledger.writer-denied');
  });

  it('a decisionLog.md entry proposed by an agent that is not its writer (Architect, as in the examples) passes checkDirectory and the MCP append alike', async () => {
    const entry = { proposer_agent: 'Architect', rationale: 'r', diff_hash: '0'.repeat(64), tests_passed: true };
    expect(await checkWith('memory-bank/decisionLog.md', 'decision-log', entry)).toEqual([]);
    const { mcp } = await serve();
    const r = await mcp.call('append', { ledger: 'memory-bank/decisionLog.md', entry });
    expect(r.ok ? [] : r.problems.map((p) => p.code)).not.toContain('ledger.writer-denied');
    expect(r.ok).toBe(true);
  });
});
