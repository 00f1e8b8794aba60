// `memkit mcp` argument handling, in-process: usage errors exit 2 before any server starts.
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/helpers.js';

describe('memkit mcp arguments', () => {
  it('is listed in the main help and has its own', async () => {
    expect((await runCli(['--help'])).stdout).toMatch(/^\s+mcp\s+serve the memory/m);
    const help = await runCli(['mcp', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--write');
    expect(help.stdout).toContain('--http PORT');
  });

  it('refuses two directories, a missing one, and a bad port', async () => {
    expect((await runCli(['mcp', 'examples/agent-memory', 'examples/broken'])).code).toBe(2);
    expect((await runCli(['mcp', 'no/such/dir'])).code).toBe(2);
    expect((await runCli(['mcp', 'examples/agent-memory', '--http', '70000'])).code).toBe(2);
    expect((await runCli(['mcp', 'examples/agent-memory', '--http', 'eighty'])).code).toBe(2);
    expect((await runCli(['mcp', 'examples/agent-memory', '--format', 'json'])).code).toBe(2);
  });
});
