// `memkit --version` and `memkit --help` load the command table and nothing else: every command's
// module is imported when that command runs. The CLI is bundled here as tsup bundles it (esbuild,
// ESM, code splitting, dependencies external) and the output's static imports are followed from the
// entry: no command module, no checker, format, schema or parser module, and no dependency
// (TypeBox, yaml, micromark, the MCP SDK, SQLite) may be reached without a dynamic `import()`.
import { join } from 'node:path';
import { type Metafile, build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

/** The bundle's outputs, and the entry's output. */
let meta: Metafile;
let entry: string;

/** The outputs reached from `from` through static imports only, `from` included. */
function staticallyReached(from: string): Set<string> {
  const seen = new Set<string>([from]);
  const todo = [from];
  while (todo.length > 0) {
    const out = meta.outputs[todo.pop()!]!;
    for (const i of out.imports) if (i.kind === 'import-statement' && !i.external && !seen.has(i.path)) todo.push(i.path), seen.add(i.path);
  }
  return seen;
}

/** Source modules bundled into `outputs`. */
const inputsOf = (outputs: Set<string>) => [...outputs].flatMap((o) => Object.keys(meta.outputs[o]!.inputs));
/** Packages `outputs` import statically. */
const packagesOf = (outputs: Set<string>) => [...outputs].flatMap((o) => meta.outputs[o]!.imports.filter((i) => i.external && i.kind === 'import-statement').map((i) => i.path));

const COMMANDS = /^src\/surfaces\/cli\/commands\//;
const READS_MEMORY = /^src\/(?:engine|formats|schema|syntax|services|handle|adapters|surfaces\/mcp)\//;

beforeAll(async () => {
  const result = await build({
    entryPoints: { 'cli/main': join(ROOT, 'src/surfaces/cli/main.ts') },
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    packages: 'external',
    external: ['node:*'],
    outdir: join(ROOT, '.tmp', 'startup'),
    define: { __MEMKIT_VERSION__: '"0.0.0"' },
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  meta = result.metafile;
  entry = Object.keys(meta.outputs).find((o) => meta.outputs[o]!.entryPoint === 'src/surfaces/cli/main.ts')!;
}, 60_000);

describe('memkit --version and --help load no command', () => {
  it('the entry reaches no command, reader or dependency through static imports', () => {
    const reached = staticallyReached(entry);
    const inputs = inputsOf(reached);
    expect(inputs).toContain('src/surfaces/cli/run.ts');
    expect(inputs.filter((i) => COMMANDS.test(i) || READS_MEMORY.test(i) || i.includes('node_modules'))).toEqual([]);
    expect(packagesOf(reached).filter((p) => !p.startsWith('node:'))).toEqual([]);
  });

  it('the check is not vacuous: every command module, the checker and TypeBox are in the bundle, behind dynamic imports', () => {
    const all = Object.keys(meta.outputs);
    const inputs = inputsOf(new Set(all));
    for (const command of ['check', 'validate', 'ledger', 'store', 'exchange', 'write', 'wbs', 'threads', 'git', 'mcp', 'schemas']) expect(inputs).toContain(`src/surfaces/cli/commands/${command}.ts`);
    expect(inputs).toContain('src/engine/check-directory.ts');
    expect(packagesOf(new Set(all)).filter((p) => p === 'typebox' || p.startsWith('typebox/')).length).toBeGreaterThan(0);
    expect(meta.outputs[entry]!.imports.filter((i) => i.kind === 'dynamic-import').length).toBeGreaterThan(5);
  });

  it('memkit mcp reaches only the MCP SDK and the server shell before it serves: the reader modules load on the first request', () => {
    const mcpOutput = Object.keys(meta.outputs).find((o) => Object.keys(meta.outputs[o]!.inputs).includes('src/surfaces/cli/commands/mcp.ts'))!;
    const reached = staticallyReached(mcpOutput);
    expect(inputsOf(reached).filter((i) => READS_MEMORY.test(i) && !/^src\/surfaces\/mcp\/server\.ts$|^src\/kernel\//.test(i))).toEqual([]);
    expect(packagesOf(reached).filter((p) => !p.startsWith('node:'))).toEqual([]);
    // The server shell, imported when the command runs, brings the SDK and no reader either.
    const shell = Object.keys(meta.outputs).find((o) => Object.keys(meta.outputs[o]!.inputs).includes('src/surfaces/mcp/server.ts'))!;
    const shellReached = staticallyReached(shell);
    expect(inputsOf(shellReached).filter((i) => READS_MEMORY.test(i) && i !== 'src/surfaces/mcp/server.ts')).toEqual([]);
    expect(packagesOf(shellReached).filter((p) => !p.startsWith('node:'))).toEqual(['@modelcontextprotocol/server']);
  });

  it('--version and --help still answer', async () => {
    expect((await runCli(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+/);
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('  check ');
    expect(help.stdout).toContain('  mcp ');
  });
});
