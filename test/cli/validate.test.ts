import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/surfaces/cli/io.js';
import { run } from '../../src/surfaces/cli/run.js';
import { samples } from '../schemas/samples.js';

const dir = mkdtempSync(join(tmpdir(), 'memkit-validate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeIo(): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout(s: string) {
      io.out += s;
    },
    stderr(s: string) {
      io.err += s;
    },
    stdoutTTY: false,
    stderrTTY: false,
    env: {},
    cwd: dir,
  };
  return io;
}

async function cli(...argv: string[]) {
  const io = fakeIo();
  const code = await run(argv, io);
  return { code, out: io.out, err: io.err, json: () => JSON.parse(io.out) };
}

const put = (name: string, content: string | Uint8Array) => {
  writeFileSync(join(dir, name), content);
  return name;
};
const task = samples['wbs-task'] as Record<string, unknown>;

describe('memkit validate', () => {
  it('exit 0 and the DESIGN §5 JSON object for a valid file', async () => {
    const file = put('task.json', JSON.stringify(task, null, 2));
    const r = await cli('validate', file, '--schema', 'wbs-task', '--format', 'json');
    expect(r.code).toBe(0);
    expect(r.out.endsWith('\n')).toBe(true);
    expect(r.out.trim().split('\n')).toHaveLength(1);
    expect(r.json()).toEqual({ ok: true, root: '.', checked: [{ file: 'task.json', format: 'wbs-task' }], problems: [] });
    expect(Object.keys(r.json())).toEqual(['ok', 'root', 'checked', 'problems']);
  });

  it('exit 0 with a text summary by default', async () => {
    const file = put('task-text.json', JSON.stringify(task));
    const r = await cli('validate', file, '--schema', 'wbs-task');
    expect(r.code).toBe(0);
    expect(r.out).toContain('1 file checked, 0 errors');
    expect(r.out).not.toContain('\u001b[');
  });

  it('exit 1 with problems carrying code, file, line, column and pointer', async () => {
    const file = put('bad-task.json', JSON.stringify({ ...task, type: 'feature', status: 'DONE' }, null, 2));
    const r = await cli('validate', file, '--schema', 'wbs-task', '--format', 'json');
    expect(r.code).toBe(1);
    const report = r.json();
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      { code: 'schema.enum', severity: 'error', message: expect.any(String), pointer: '/status', line: 6, column: 13, file: 'bad-task.json' },
      { code: 'wbs.type-depth', severity: 'error', message: expect.any(String), pointer: '/type', line: 3, column: 11, file: 'bad-task.json' },
    ]);
    for (const p of report.problems) for (const k of Object.keys(p)) expect(['code', 'severity', 'message', 'file', 'line', 'column', 'pointer']).toContain(k);
  });

  it('text output names file:line:column, the message, the pointer and the code', async () => {
    const file = put('bad-text.json', JSON.stringify({ ...task, status: 'DONE' }, null, 2));
    const r = await cli('validate', file, '--schema', 'wbs-task', '--format', 'text');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/bad-text\.json:6:13 +error +.*at \/status +schema\.enum/);
    expect(r.out).toContain('1 error');
  });

  it('not JSON: exit 1, input.not-json with line and column', async () => {
    const file = put('broken.json', '{\n  "id": "1",\n  oops\n}');
    const r = await cli('validate', file, '--schema', 'wbs-task', '--format', 'json');
    expect(r.code).toBe(1);
    expect(r.json().problems).toEqual([expect.objectContaining({ code: 'input.not-json', file: 'broken.json', line: 3, column: expect.any(Number) })]);
    const empty = await cli('validate', put('empty.json', ''), '--schema', 'wbs-task', '--format', 'json');
    expect(empty.code).toBe(1);
    expect(empty.json().problems.map((p: { code: string }) => p.code)).toEqual(['input.not-json']);
  });

  it('wrong type at the root: exit 1, schema.type at the root pointer', async () => {
    for (const root of ['null', '[]', '42', '"x"']) {
      const r = await cli('validate', put('root.json', root), '--schema', 'thread-store', '--format', 'json');
      expect(r.code, root).toBe(1);
      expect(r.json().problems.map((p: { code: string; pointer: string }) => [p.code, p.pointer])).toEqual([['schema.type', '']]);
    }
  });

  it('JSON Lines: every line validated, line numbers count blank lines', async () => {
    const good = samples['decision-log-entry'] as Record<string, unknown>;
    const text = [JSON.stringify(good), '', JSON.stringify({ ...good, id: 'DEC-20260230-001' }), 'not json', '   ', JSON.stringify({ ...good, tests_passed: 'yes' })].join('\r\n') + '\r\n';
    const r = await cli('validate', put('decisions.jsonl', text), '--schema', 'decision-log-entry', '--format', 'json');
    expect(r.code).toBe(1);
    expect(r.json().checked).toEqual([{ file: 'decisions.jsonl', format: 'decision-log-entry' }]);
    expect(r.json().problems.map((p: { code: string; line: number; pointer?: string }) => [p.code, p.line, p.pointer])).toEqual([
      ['schema.id-date', 3, '/id'],
      ['input.not-json', 4, undefined],
      ['schema.type', 6, '/tests_passed'],
    ]);
    const col = r.json().problems[0].column;
    expect(text.split('\r\n')[2]!.slice(col - 1)).toMatch(/^"DEC-20260230-001"/);
  });

  it('.ndjson is JSON Lines too, and a valid one exits 0', async () => {
    const lines = [samples['export-manifest'], samples['export-manifest']].map((v) => JSON.stringify(v)).join('\n');
    const r = await cli('validate', put('bundle.ndjson', lines), '--schema', 'export-manifest', '--format', 'json');
    expect(r.code).toBe(0);
    expect(r.json().problems).toEqual([]);
    const emptyLines = await cli('validate', put('empty.jsonl', ''), '--schema', 'event');
    expect(emptyLines.code).toBe(0);
  });

  it('invalid UTF-8: exit 1, input.invalid-utf8', async () => {
    const r = await cli('validate', put('latin1.json', new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x7d])), '--schema', 'thread', '--format', 'json');
    expect(r.code).toBe(1);
    expect(r.json().problems.map((p: { code: string }) => p.code)).toEqual(['input.invalid-utf8']);
  });

  it('hostile files: deep nesting and 10 MB strings give problems, not crashes', async () => {
    const deep = put('deep.json', '['.repeat(100_000) + ']'.repeat(100_000));
    const r1 = await cli('validate', deep, '--schema', 'wbs-task', '--format', 'json');
    expect(r1.code).toBe(1);
    expect(r1.json().problems.length).toBeGreaterThan(0);
    const deepObj = put('deep-obj.json', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000));
    expect((await cli('validate', deepObj, '--schema', 'event')).code).toBe(1);
    const big = put('big.json', JSON.stringify({ ...(samples['product-context-entry'] as object), summary: 'x'.repeat(10 * 1024 * 1024) }));
    const r2 = await cli('validate', big, '--schema', 'product-context-entry', '--format', 'json');
    expect(r2.code).toBe(1);
    expect(r2.json().problems.map((p: { code: string; pointer: string }) => [p.code, p.pointer])).toEqual([['schema.max-length', '/summary']]);
    const proto = put('proto.json', '{"__proto__": {"x": 1}, "version": 1}');
    expect((await cli('validate', proto, '--schema', 'gardener-config', '--format', 'json')).code).toBe(1);
  });

  it('usage errors exit 2 with a message on stderr and nothing on stdout', async () => {
    const file = put('ok.json', JSON.stringify(task));
    const cases: string[][] = [
      ['validate', file],
      ['validate', file, '--schema', 'nope'],
      ['validate', '--schema', 'wbs-task'],
      ['validate', file, file, '--schema', 'wbs-task'],
      ['validate', 'missing.json', '--schema', 'wbs-task'],
      ['validate', '.', '--schema', 'wbs-task'],
      ['validate', file, '--schema', 'wbs-task', '--format', 'xml'],
      ['validate', file, '--schema', 'wbs-task', '--bogus'],
      ['validate', file, '--schema'],
    ];
    for (const argv of cases) {
      const r = await cli(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.out, argv.join(' ')).toBe('');
      expect(r.err, argv.join(' ')).toMatch(/memkit validate: /);
    }
  });

  it('--help exits 0 and lists the formats', async () => {
    const r = await cli('validate', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: memkit validate FILE --schema ID');
    expect(r.out).toContain('decision-log-entry');
  });
});

describe('memkit validate reads a Markdown format as memkit check reads it (a memory doc got input.not-json)', () => {
  const EX = join(import.meta.dirname, '..', '..', 'examples');
  const copy = (from: string, name: string) => put(name, readFileSync(join(EX, from)));
  const codes = (r: { json: () => { problems: { code: string }[] } }) => r.json().problems.map((p) => p.code);

  it('a memory doc: its frontmatter against memory-doc, the problem on the key line', async () => {
    const good = await cli('validate', copy('agent-memory/.thunderus/memory/semantic/FACTS/build.md', 'good-fact.md'), '--schema', 'memory-doc', '--format', 'json');
    expect([good.code, codes(good)]).toEqual([0, []]);
    const bad = await cli('validate', copy('broken/.thunderus/memory/semantic/FACTS/build.md', 'bad-fact.md'), '--schema', 'memory-doc', '--format', 'json');
    expect(bad.code).toBe(1);
    // `status: checked` is on line 16 of the broken example.
    expect(bad.json().problems).toEqual([expect.objectContaining({ code: 'schema.enum', file: 'bad-fact.md', line: 16, pointer: '/verification/status' })]);
    const none = await cli('validate', put('plain.md', '# no frontmatter\n'), '--schema', 'memory-doc', '--format', 'json');
    expect([none.code, codes(none)]).toEqual([1, ['frontmatter.missing']]);
  });

  it('a .md ledger: each entry against its entry schema, at its line', async () => {
    const good = await cli('validate', copy('agent-memory/memory-bank/riskRegister.md', 'risks.md'), '--schema', 'risk-register-entry', '--format', 'json');
    expect([good.code, codes(good)]).toEqual([0, []]);
    const bad = await cli('validate', copy('broken/memory-bank/riskRegister.md', 'bad-risks.md'), '--schema', 'risk-register-entry', '--format', 'json');
    expect(bad.code).toBe(1);
    expect(bad.json().problems).toEqual([expect.objectContaining({ code: 'schema.enum', file: 'bad-risks.md', line: 6, pointer: '/severity' })]);
  });

  it('the progress table rows, the systemPatterns.md header and the feedback-log.md blocks', async () => {
    const progress = await cli('validate', copy('broken/memory-bank/progress.md', 'progress.md'), '--schema', 'progress-row', '--format', 'json');
    expect(progress.code).toBe(1);
    expect(progress.json().problems).toEqual([expect.objectContaining({ code: 'schema.enum', line: 8 })]);
    const okProgress = await cli('validate', copy('agent-memory/memory-bank/progress.md', 'progress-ok.md'), '--schema', 'progress-row', '--format', 'json');
    expect([okProgress.code, codes(okProgress)]).toEqual([0, []]);
    // The broken example's body no longer hashes to its header: a rule of check, not of the header's schema.
    const patterns = await cli('validate', copy('broken/memory-bank/systemPatterns.md', 'patterns.md'), '--schema', 'system-patterns-header', '--format', 'json');
    expect([patterns.code, codes(patterns)]).toEqual([0, []]);
    const feedback = await cli('validate', copy('agent-memory/memory-bank/feedback-log.md', 'feedback.md'), '--schema', 'feedback-log-entry', '--format', 'json');
    expect([feedback.code, codes(feedback)]).toEqual([0, []]);
  });
});

describe('memkit validate --schema takes a file format id (decision-log was refused: decision-log-entry was expected)', () => {
  const EX = join(import.meta.dirname, '..', '..', 'examples');

  it('--schema decision-log validates each entry of the file against decision-log-entry', async () => {
    const file = put('decisions.md', readFileSync(join(EX, 'agent-memory/memory-bank/decisionLog.md')));
    const r = await cli('validate', file, '--schema', 'decision-log', '--format', 'json');
    expect([r.code, r.json().problems]).toEqual([0, []]);
    const bad = put('bad-decisions.md', readFileSync(join(EX, 'agent-memory/memory-bank/decisionLog.md'), 'utf8').replace('"tests_passed":true', '"tests_passed":"yes"'));
    const b = await cli('validate', bad, '--schema', 'decision-log', '--format', 'json');
    expect(b.code).toBe(1);
    expect(b.json().problems).toEqual([expect.objectContaining({ code: 'schema.type', file: 'bad-decisions.md', line: 5, pointer: '/tests_passed' })]);
    // The same as naming the entry schema.
    const same = await cli('validate', bad, '--schema', 'decision-log-entry', '--format', 'json');
    expect(same.json().problems).toEqual(b.json().problems);
  });

  it('a format of several value schemas is a usage error naming them', async () => {
    const r = await cli('validate', put('bundle.ndjson', '{}\n'), '--schema', 'export-bundle');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/export-manifest, export-fact-v1/);
  });
});
