// The MCP SDK is an optional peer: only `memkit/mcp` and the `mcp` command load it. Every other
// entry of the built package, and the CLI running any other command, loads no MCP module.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, moduleSubpaths, requireBuilt, specifier } from '../runtime/packed.js';

const hooks = `export async function load(url, context, next) {
  if (/modelcontextprotocol|[\\\\/]dist[\\\\/]mcp\\.js/.test(url)) console.log('LOADED ' + url);
  return next(url, context);
}`;
const register = `import { register } from 'node:module';\nregister('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}));\n`;

/** Lines naming MCP modules loaded while `script` ran (after the hook was registered). */
function mcpModulesLoaded(script: string, args: string[] = []): string[] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', register + script, ...args], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter((l) => l.startsWith('LOADED'));
}

describe('no MCP code outside memkit/mcp', () => {
  it('importing each other entry loads no MCP module', { timeout: 120_000 }, () => {
    requireBuilt();
    const entries = moduleSubpaths()
      .map(specifier)
      .filter((s) => s !== 'memkit/mcp');
    expect(entries.length).toBeGreaterThan(10);
    const script = entries.map((e) => `await import(${JSON.stringify(e)});`).join('\n');
    expect(mcpModulesLoaded(script)).toEqual([]);
  });

  it('the check is not vacuous: importing memkit/mcp loads the SDK', { timeout: 60_000 }, () => {
    requireBuilt();
    expect(mcpModulesLoaded(`await import('memkit/mcp');`).length).toBeGreaterThan(0);
  });

  it('the CLI running another command loads no MCP module', { timeout: 60_000 }, () => {
    requireBuilt();
    const script = `process.argv = [process.argv[0], 'memkit', 'check', ${JSON.stringify(join(ROOT, 'examples', 'agent-memory'))}, '--format', 'json'];\nawait import(${JSON.stringify(join(ROOT, 'dist', 'cli', 'main.js'))});`;
    expect(mcpModulesLoaded(script)).toEqual([]);
  });
});
