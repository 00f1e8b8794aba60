// A config file memkit check refuses stops `memkit mcp` the same way (exit 2, the problem on stderr), over
// stdio and --http, in real processes: the server used to drop a malformed memkit.config.json silently and
// serve the default writer rosters, so an append the config forbids was written.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, copyExample } from './helpers.js';

/** The built CLI (npm test builds before the tests run). */
const MAIN = join(ROOT, 'dist', 'cli', 'main.js');
const open: { done(): void }[] = [];
afterEach(() => {
  for (const x of open.splice(0)) x.done();
});

/** Runs the CLI in a child process; stdin stays open (an MCP client that never speaks) until the process exits or 20 s pass. */
function memkit(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const CONFIGS: [string, string, string, string][] = [
  ['a trailing comma', '{\n  "memoryBank": { "writers": { "activeContext.md": ["Planner"] } },\n}\n', ':3:1: ', 'input.not-json'],
  ['a wrong type', '{\n  "memoryBank": {\n    "writers": { "activeContext.md": "Planner" }\n  }\n}\n', ':3:', 'schema.type'],
  ['an unknown key', '{\n  "memoryBank": {\n    "writer": { "activeContext.md": ["Planner"] }\n  }\n}\n', ':3:', 'schema.additional-properties'],
  ['a misspelt bank file', '{\n  "memoryBank": {\n    "writers": { "activecontext.md": ["Planner"] }\n  }\n}\n', ':3:', 'config.unknown-bank-file'],
];

describe('memkit mcp refuses to start on a config memkit check refuses', () => {
  it.each(CONFIGS)('%s: check, mcp (stdio) and mcp --http all exit 2 naming the file and line', { timeout: 60_000 }, async (_, text, at, code) => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    writeFileSync(join(ex.dir, 'memkit.config.json'), text);
    const ledger = join(ex.dir, 'memory-bank', 'activeContext.md');
    const before = readFileSync(ledger, 'utf8');
    const runs = await Promise.all([memkit(['check', ex.dir]), memkit(['mcp', ex.dir, '--write']), memkit(['mcp', ex.dir, '--write', '--http', '0'])]);
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`memkit.config.json${at}`);
      expect(r.stderr).toContain(`[${code}]`);
      // Never got as far as serving.
      expect(r.stderr).not.toContain('serving');
    }
    if (code === 'config.unknown-bank-file') expect(runs[1]!.stderr).toContain('"activeContext.md"');
    expect(readFileSync(ledger, 'utf8')).toBe(before);
  });

  it('a valid config still starts the server (the refusal is the config, not the flag)', { timeout: 60_000 }, async () => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    writeFileSync(join(ex.dir, 'memkit.config.json'), JSON.stringify({ memoryBank: { writers: { 'activeContext.md': ['Planner'] } } }));
    const child = spawn(process.execPath, [MAIN, 'mcp', ex.dir, '--http', '0'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    const serving = await new Promise<boolean>((resolve) => {
      let err = '';
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        if (err.includes('serving')) resolve(true);
      });
      child.once('exit', () => resolve(false));
    });
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    child.kill('SIGTERM');
    expect(serving).toBe(true);
    expect(await exited).toBe(0);
  });
});
