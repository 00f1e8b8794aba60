import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { formatSarif } from '../../src/cli/format-sarif.js';
import { ROOT, runCli } from './helpers.js';

const schema = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false });
// ajv-formats is CommonJS with `exports.default`; under NodeNext its default import may be the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => Ajv;
addFormats(ajv);
const validateSarif = ajv.compile(schema);

describe('--format sarif', () => {
  it('validates against the official SARIF 2.1.0 schema, with one result per problem at its file and line', async () => {
    const json = JSON.parse((await runCli(['check', 'examples/broken', '--format', 'json'], { cwd: ROOT })).stdout);
    const r = await runCli(['check', 'examples/broken', '--format', 'sarif'], { cwd: ROOT });
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout);
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    const run = log.runs[0];
    expect(run.tool.driver.name).toBe('memkit');
    expect(run.results).toHaveLength(json.problems.length);
    json.problems.forEach((p: { code: string; file?: string; line?: number; severity: string }, i: number) => {
      const res = run.results[i];
      expect(res.ruleId).toBe(p.code);
      expect(run.tool.driver.rules[res.ruleIndex].id).toBe(p.code);
      expect(res.level).toBe(p.severity);
      expect(res.locations[0].physicalLocation.artifactLocation.uri).toBe(p.file!.split('/').map(encodeURIComponent).join('/'));
      if (p.line !== undefined) expect(res.locations[0].physicalLocation.region.startLine).toBe(p.line);
    });
    for (const rule of run.tool.driver.rules) expect(rule.shortDescription?.text, rule.id).toBeTruthy();
    expect(run.originalUriBaseIds.ROOT.uri).toMatch(/^file:\/\/.*\/examples\/broken\/$/);
  });

  it('is valid with no problems, with problems lacking a file, and with odd file names', () => {
    expect(validateSarif(formatSarif({ ok: true, root: '.', checked: [], problems: [] }, { version: '0.1.0' }))).toBe(true);
    const log = formatSarif(
      {
        ok: false,
        root: '.',
        checked: [],
        problems: [
          { code: 'check.internal', severity: 'error', message: 'no file' },
          { code: 'not.a.known.code', severity: 'warning', message: 'x', file: 'dir with space/ü#%.md', line: 3, column: 2, pointer: '/a' },
        ],
      },
      { version: '0.1.0' },
    );
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    expect(log.runs[0]!.results![1]!.locations![0]!.physicalLocation!.artifactLocation!.uri).toBe('dir%20with%20space/%C3%BC%23%25.md');
  });

  it('the schema fixture rejects a broken log (so the validation can fail)', () => {
    expect(validateSarif({ version: '2.1.0', runs: [{ tool: { driver: {} } }] })).toBe(false);
    expect(validateSarif({ version: '2.0.0', runs: [] })).toBe(false);
    expect(validateSarif({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ level: 'fatal', message: { text: 'x' } }] }] })).toBe(false);
  });
});
