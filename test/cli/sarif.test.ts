import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { formatSarif } from '../../src/surfaces/cli/format-sarif.js';
import { ROOT, runCli } from './helpers.js';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';

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

// Reported: `memkit verify` and `memkit threads check` wrote SARIF locations
// with `uriBaseId: "ROOT"` but never defined ROOT in `originalUriBaseIds`,
// and a file outside the working directory came out as a `../` path, which
// code-scanning tools cannot place. Every base id used is now defined, and no
// location holds a `..` segment (a file outside the root gets a file: URI).
interface Location {
  uri: string;
  uriBaseId?: string;
}
interface SarifLog {
  runs: { originalUriBaseIds?: Record<string, { uri: string }>; results: { locations?: { physicalLocation: { artifactLocation: Location } }[] }[] }[];
}

/** Each location's absolute URI; fails the test on an undefined base id or a `..` segment. */
function resolvedUris(log: SarifLog): string[] {
  expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
  const run = log.runs[0]!;
  const out: string[] = [];
  for (const r of run.results) {
    for (const l of r.locations ?? []) {
      const a = l.physicalLocation.artifactLocation;
      expect(a.uri.split('/')).not.toContain('..');
      if (a.uriBaseId !== undefined) {
        const base = run.originalUriBaseIds?.[a.uriBaseId];
        expect(base, `uriBaseId ${a.uriBaseId} is defined`).toBeDefined();
        expect(base!.uri.endsWith('/')).toBe(true);
        out.push(new URL(a.uri, base!.uri).href);
      } else {
        out.push(new URL(a.uri).href);
      }
    }
  }
  return out;
}

const ledger = join(ROOT, 'examples/broken/memory-bank/decisionLog.md');
const store = join(ROOT, 'examples/broken/threads/thread-store.json');

describe('SARIF locations outside the root keep their base id and never carry ..', () => {
  it.each([
    ['verify, ledger below the working directory', ['verify', ledger], ROOT],
    ['verify, ledger outside the working directory (../)', ['verify', ledger], join(ROOT, 'test')],
    ['threads check, store in the working directory', ['threads', 'check', store], join(ROOT, 'examples/broken/threads')],
    ['threads check, store outside the working directory (../)', ['threads', 'check', store], join(ROOT, 'src')],
  ] as [string, string[], string][])('%s', async (_name, argv, cwd) => {
    const r = await runCli([...argv, '--format', 'sarif'], { cwd });
    expect(r.code).toBe(1);
    const uris = resolvedUris(JSON.parse(r.stdout));
    expect(uris.length).toBeGreaterThan(0);
    for (const u of uris) expect(u).toBe(pathToFileURL(argv[argv.length - 1]!).href);
  });

  it('any relative path, inside or outside the root, resolves to the same file and never carries ..', () => {
    const segment = fc.oneof(
      fc.constantFrom('..', 'a', 'b c', 'ü#%', 'x.md'),
      fc.string({ minLength: 1, maxLength: 6 }).filter((s) => !s.includes('/') && s !== '.'),
    );
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segments) => {
        const file = segments.join('/');
        const rootUri = 'file:///work/repo/sub/';
        const log = formatSarif({ ok: false, root: '.', checked: [], problems: [{ code: 'x.y', severity: 'error', message: 'm', file }] }, { version: '0.0.0', rootUri }) as unknown as SarifLog;
        const [uri] = resolvedUris(log);
        expect(uri).toBe(new URL(segments.map(encodeURIComponent).join('/'), rootUri).href);
      }),
      { numRuns: 300 },
    );
  });

  // fast-check found it (seed 777173819): segments ["A:", ".."] were read as the Windows drive path `A:/..`.
  it('a first segment like `A:` is a directory name except on Windows, where `A:/` is a drive', () => {
    const at = (file: string, windows: boolean) =>
      resolvedUris(
        formatSarif(
          { ok: false, root: '.', checked: [], problems: [{ code: 'x.y', severity: 'error', message: 'm', file }] },
          { version: '0.0.0', rootUri: 'file:///work/repo/', windows },
        ) as unknown as SarifLog,
      )[0];
    expect(at('A:/..', false)).toBe('file:///work/repo/');
    expect(at('A:/b.md', false)).toBe('file:///work/repo/A%3A/b.md');
    expect(at('D:/x/b.md', true)).toBe('file:///D:/x/b.md');
  });

  it('without a root URI no location names a base id', () => {
    const log = formatSarif({ ok: false, root: '.', checked: [], problems: [{ code: 'x.y', severity: 'error', message: 'm', file: 'a/b.md' }] }, { version: '0.0.0' });
    expect(log.runs[0]!.originalUriBaseIds).toBeUndefined();
    expect(log.runs[0]!.results![0]!.locations![0]!.physicalLocation!.artifactLocation).toEqual({ uri: 'a/b.md' });
  });
});
