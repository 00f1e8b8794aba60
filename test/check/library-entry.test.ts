// #19.11: the function behind `memkit check` was exported by no entry point,
// so an agent framework had to shell out. `memkit/check` now exports
// `checkDirectory` (the file port injected) and `memkit/node` the Node adapter
// `nodeCheckSource`; together they give what the CLI reports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type CheckSource, type DirectoryReport, checkDirectory } from '../../src/engine/index.js';
import { nodeCheckSource, nodeHasher } from '../../src/adapters/node/index.js';
import { ROOT, runCli } from '../cli/helpers.js';

const EXAMPLE = join(ROOT, 'examples/agent-memory');

describe('the directory checker is a library entry point, not only the CLI', () => {
  it('checkDirectory(nodeCheckSource(dir)) checks examples/agent-memory as `memkit check` does', { timeout: 60_000 }, async () => {
    const source: CheckSource = nodeCheckSource(EXAMPLE, { maxFileBytes: 64 << 20 });
    const report: DirectoryReport = await checkDirectory(source, { hasher: nodeHasher });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(new Set(report.checked.map((c) => c.format)).size).toBe(17);
    const cli = await runCli(['check', EXAMPLE, '--format', 'json']);
    expect(cli.code).toBe(0);
    expect(report.checked).toEqual(JSON.parse(cli.stdout).checked);
  });

  it('memkit/check is a package entry like the others (tsup entry, exports map, API docs)', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.exports['./check']).toEqual({
      import: { types: './dist/check.d.ts', default: './dist/check.js' },
      require: { types: './dist/check.d.cts', default: './dist/check.cjs' },
    });
    const { entries } = await import(pathToFileURL(join(ROOT, 'tsup.config.ts')).href);
    expect(entries.check).toBe('src/engine/index.ts');
    expect(JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8')).entryPoints).toContain('src/engine/index.ts');
  });
});
