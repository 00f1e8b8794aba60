// The same bytes get the same codes and severities on every surface: `memkit check` (the library
// checker and the CLI), `memkit verify` and the MCP server's `check` and `verify` tools, over every
// rule example (test/fixtures/rules/<code>/{base,fail,pass}), every fixture directory, the examples,
// and small directories built here for facts the surfaces have been seen to disagree on.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkDirectory } from '../../src/engine/index.js';
import { LEDGER_FORMATS, type LedgerFormatId } from '../../src/services/ledger/index.js';
import { createMemkitMcpServer } from '../../src/surfaces/mcp/index.js';
import { appendEntry, nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import type { Problem } from '../../src/kernel/problems/index.js';
import { ROOT } from '../cli/helpers.js';
import { type SurfaceRuns, WRITER_CODES, codeKey, disagreements, fileKey, inVerifyScope, lineKey, materialise, runSurfaces, setDiff, undeclaredScopeCodes, verifyRunOf } from './surfaces.js';

const RULE_EXAMPLES = join(ROOT, 'test', 'fixtures', 'rules');
const FIXTURES = join(ROOT, 'test', 'fixtures');

/** Every rule example directory, as `<code>/<kind>`. */
const examples = readdirSync(RULE_EXAMPLES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .flatMap((e) => ['base', 'fail', 'pass'].filter((k) => existsSync(join(RULE_EXAMPLES, e.name, k))).map((k) => `${e.name}/${k}`))
  .sort();

/** Every other fixture directory (memory directories, ledger files, bundles, thread stores) and the examples, relative to the repository root. */
const fixtures = [
  ...readdirSync(FIXTURES, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'rules')
    .map((e) => `test/fixtures/${e.name}`),
  ...readdirSync(join(ROOT, 'examples'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `examples/${e.name}`),
].sort();

/** What the corpus exercised (ledgers, the codes verify reported, the in-scope codes check reported on ledgers), so the comparison cannot pass by comparing nothing. */
const seen = { ledgers: 0, verifyCodes: new Set<string>(), checkCodes: new Set<string>() };

async function surfacesOf(src: string): Promise<SurfaceRuns> {
  const m = materialise(src);
  try {
    const runs = await runSurfaces(m.dir);
    seen.ledgers += runs.ledgers.length;
    for (const l of runs.ledgers) for (const p of l.verify.problems) seen.verifyCodes.add(p.code);
    const ledgers = new Set(runs.ledgers.map((l) => l.file));
    for (const p of runs.check.problems) if (p.file !== undefined && ledgers.has(p.file) && inVerifyScope(p.code)) seen.checkCodes.add(p.code);
    return runs;
  } finally {
    m.done();
  }
}

describe('the verify scope', () => {
  it('names only codes the rule table declares', () => {
    expect(undeclaredScopeCodes()).toEqual([]);
  });
});

describe('every rule example through check, verify and the MCP tools', () => {
  it.each(examples)('%s', async (example) => {
    expect(disagreements(await surfacesOf(join(RULE_EXAMPLES, example)))).toEqual([]);
  });
});

describe('every fixture directory through check, verify and the MCP tools', () => {
  it.each(fixtures)('%s', async (fixture) => {
    expect(disagreements(await surfacesOf(join(ROOT, fixture)))).toEqual([]);
  });
});

describe('the corpus', () => {
  it('compared many ledgers and the chain, schema, payload and feedback-log codes (run with the whole file)', () => {
    expect(seen.ledgers, 'ledgers compared by the tests above').toBeGreaterThan(50);
    for (const code of ['ledger.predecessor-mismatch', 'ledger.schema-violation', 'ledger.payload-hash-mismatch', 'ledger.torn-tail', 'ledger.unparseable-line', 'feedback-log.missing-block'])
      expect([...seen.verifyCodes], code).toContain(code);
    expect(seen.checkCodes.size, `codes check reported on ledgers: ${[...seen.checkCodes].join(', ')}`).toBeGreaterThan(12);
  });
});

// The built CLI in a child process, for a sample: what the in-process runs above stand for.
const run = promisify(execFile);
const MAIN = join(ROOT, 'dist', 'cli', 'main.js');

async function spawned(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [MAIN, ...args], { cwd, maxBuffer: 1 << 26 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (cause) {
    const e = cause as { code?: number; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw cause;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('the built CLI agrees with the library (a sample)', () => {
  const sample = ['examples/agent-memory', 'test/fixtures/rules/ledger.payload-hash-mismatch/fail'];
  it.each(sample)('%s', { timeout: 60_000 }, async (rel) => {
    expect(existsSync(MAIN), `${MAIN} is missing: run npx tsup`).toBe(true);
    const m = materialise(join(ROOT, rel));
    try {
      const runs = await runSurfaces(m.dir);
      expect(runs.ledgers.length).toBeGreaterThan(0);
      // The child processes run side by side: most of each one's time is Node's start-up.
      const [c, ...verified] = await Promise.all([spawned(['check', '.', '--format', 'json'], m.dir), ...runs.ledgers.map((l) => spawned(['verify', l.file, '--format', 'json'], m.dir))]);
      const out: string[] = [];
      const report = JSON.parse(c!.stdout) as { problems: Problem[] };
      const d = setDiff('node dist/cli/main.js check', 'spawned', report.problems.map(fileKey), 'checkDirectory', runs.check.problems.map(fileKey));
      if (d) out.push(d);
      if (c!.code !== (runs.check.ok ? 0 : 1)) out.push(`spawned check exit ${c!.code}, checkDirectory ok ${runs.check.ok}`);
      runs.ledgers.forEach((l, i) => {
        const got = verifyRunOf(verified[i]!.code, verified[i]!.stdout, verified[i]!.stderr);
        if (got.exit !== l.verify.exit) out.push(`${l.file}: spawned verify exit ${got.exit}, in-process ${l.verify.exit}`);
        const dv = setDiff(`${l.file}: node dist/cli/main.js verify`, 'spawned', got.problems.map(lineKey), 'in-process', l.verify.problems.map(lineKey));
        if (dv) out.push(dv);
      });
      expect(out).toEqual([]);
    } finally {
      m.done();
    }
  });
});

// Facts about one ledger's bytes that the surfaces have been seen to read differently, each in a
// copy of examples/agent-memory changed in one place.
const AGENT_MEMORY = join(ROOT, 'examples', 'agent-memory');
const BANK = 'memory-bank';

function editedExample(file: string, edit: (text: string) => string): { dir: string; done: () => void } {
  const m = materialise(AGENT_MEMORY);
  const path = join(m.dir, BANK, file);
  const before = readFileSync(path, 'utf8');
  const after = edit(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  writeFileSync(path, after);
  return m;
}

/** The last line of a ledger file changed by `edit` (its JSON value). */
const lastEntry = (edit: (entry: Record<string, unknown>) => Record<string, unknown>) => (text: string) => {
  const lines = text.trimEnd().split('\n');
  lines[lines.length - 1] = JSON.stringify(edit(JSON.parse(lines[lines.length - 1]!) as Record<string, unknown>));
  return `${lines.join('\n')}\n`;
};

describe('facts the surfaces must read alike', () => {
  async function agree(m: { dir: string; done: () => void }, file: string): Promise<void> {
    try {
      const runs = await runSurfaces(m.dir);
      expect(runs.ledgers.map((l) => l.file)).toContain(`${BANK}/${file}`);
      expect(disagreements(runs)).toEqual([]);
    } finally {
      m.done();
    }
  }

  it('an upper-case payload_hash in productContext.md', async () => {
    await agree(
      editedExample(
        'productContext.md',
        lastEntry((e) => ({ ...e, payload_hash: String(e.payload_hash).toUpperCase() })),
      ),
      'productContext.md',
    );
  });

  it('an upper-case predecessor_hash in decisionLog.md', async () => {
    await agree(
      editedExample(
        'decisionLog.md',
        lastEntry((e) => ({ ...e, predecessor_hash: String(e.predecessor_hash).toUpperCase() })),
      ),
      'decisionLog.md',
    );
  });

  it('a forbidden key dropped from a feedback-log.md block', async () => {
    await agree(
      editedExample('feedback-log.md', (text) => {
        const at = text.lastIndexOf('predecessor_hash:');
        return `${text.slice(0, at)}__proto__:\n  admin: true\n${text.slice(at)}`;
      }),
      'feedback-log.md',
    );
  });

  it('a forbidden key in a decisionLog.md entry', async () => {
    await agree(
      editedExample('decisionLog.md', (text) => text.replace(/\}\n$/, ',"__proto__":{"admin":true}}\n')),
      'decisionLog.md',
    );
  });

  it('a payload that does not hash to payload_hash', async () => {
    await agree(
      editedExample('payloads/product-vision.json', (text) => text.replace('{', '{"changed":true,')),
      'productContext.md',
    );
  });
});

// The writer field of each JSON Lines ledger: the MCP `append` tool refuses an entry exactly when
// `memkit check` reports the same entry in the file, with the same codes and severities.
const WRITER_FIELD: Record<Exclude<LedgerFormatId, 'feedback-log'>, { file: string; field: string }> = {
  'active-context': { file: 'activeContext.md', field: 'source_agent' },
  'decision-log': { file: 'decisionLog.md', field: 'proposer_agent' },
  'product-context': { file: 'productContext.md', field: 'author_agent' },
  'risk-register': { file: 'riskRegister.md', field: 'reporter_agent' },
};
const AUTO_FIELDS = new Set(['id', 'risk_id', 'ts', 'timestamp', 'predecessor_hash']);
const LATER = () => new Date('2026-03-01T00:00:00.000Z');

describe('the writer of a ledger entry: MCP append and memkit check', () => {
  it.each(Object.keys(WRITER_FIELD) as (keyof typeof WRITER_FIELD)[])('%s written by Backend', async (format) => {
    const { file, field } = WRITER_FIELD[format];
    const rel = `${BANK}/${file}`;
    const m = materialise(AGENT_MEMORY);
    try {
      const path = join(m.dir, BANK, file);
      const last = JSON.parse(readFileSync(path, 'utf8').trimEnd().split('\n').at(-1)!) as Record<string, unknown>;
      const draft: Record<string, unknown> = Object.fromEntries(Object.entries(last).filter(([k]) => !AUTO_FIELDS.has(k) && k !== LEDGER_FORMATS[format].idField));
      draft[field] = 'Backend';
      const mcp = await createMemkitMcpServer({
        files: nodeFiles(m.dir, { extensions: null }),
        source: nodeCheckSource(m.dir),
        write: true,
        appendLedger: (p, d, f) => appendEntry(join(m.dir, ...p.split('/')), d as never, { format: f, hasher: nodeHasher, now: LATER }) as never,
        hasher: nodeHasher,
        now: LATER,
      });
      const r = await mcp.call('append', { ledger: rel, entry: draft });
      await mcp.close();
      // Refused: the same entry goes in through the library, for check to read it.
      if (!r.ok) {
        const written = await appendEntry(path, draft as never, { format, hasher: nodeHasher, now: LATER });
        expect(written.ok, JSON.stringify(written)).toBe(true);
      }
      const fromMcp = (r.ok ? (r.problems ?? []) : r.problems).filter((p) => WRITER_CODES.has(p.code)).map(codeKey);
      const report = await checkDirectory(nodeCheckSource(m.dir), { hasher: nodeHasher });
      const fromCheck = report.problems.filter((p) => p.file === rel && WRITER_CODES.has(p.code)).map(codeKey);
      const all = r.ok ? 'accepted' : `refused with ${r.problems.map(codeKey).join(', ')}`;
      expect([setDiff(`${rel}: MCP append (${all}) vs check`, 'MCP', fromMcp, 'check', fromCheck)].filter((d) => d !== undefined)).toEqual([]);
    } finally {
      m.done();
    }
  });
});
