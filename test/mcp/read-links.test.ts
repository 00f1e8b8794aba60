// A committed symbolic link inside DIR must not hand a read-only client a file that is not memory:
// `memory-bank/progress.md -> ../.git/config` (a token in a remote URL) and
// `memory-bank/decisionLog.md -> ../.env`. `memkit mcp` in a child process, the SDK's client over stdio.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, call, codes, httpClient, stdioClient, tempDir } from './helpers.js';

const TOKEN = 'ghp_linkedSecret0123456789';
const ENV_SECRET = 'envSecret-9f8e7d';

describe.each(['stdio', 'http'] as const)('memkit mcp over %s follows a link only to a memory file', (transport) => {
  let t: ReturnType<typeof tempDir>;
  let c: Connected;
  // Every text the server sent back, to look for the secrets in.
  const seen: string[] = [];
  beforeAll(async () => {
    t = tempDir();
    mkdirSync(join(t.dir, '.git'));
    mkdirSync(join(t.dir, 'memory-bank'));
    mkdirSync(join(t.dir, 'notes'));
    writeFileSync(join(t.dir, '.git/config'), `[remote "origin"]\n\turl = https://user:${TOKEN}@github.com/acme/app.git\n`);
    // Lines a ledger reader would take for entries, so nothing about the target's shape keeps it out.
    writeFileSync(join(t.dir, '.env'), `{"id":"D-1","secret":"${ENV_SECRET}"}\nAPI_KEY=${ENV_SECRET}\n`);
    writeFileSync(join(t.dir, 'memory-bank/activeContext.md'), '');
    // A link to a memory file inside DIR is followed.
    writeFileSync(join(t.dir, 'notes/progress.md'), '| Task | Status |\n|---|---|\n| mcp | done |\n');
    symlinkSync('../.git/config', join(t.dir, 'memory-bank/progress.md'));
    symlinkSync('../.env', join(t.dir, 'memory-bank/decisionLog.md'));
    symlinkSync('../memory-bank/activeContext.md', join(t.dir, 'notes/activeContext.md'));
    // A memory doc path leading to .env: the search index must not take it in.
    mkdirSync(join(t.dir, '.thunderus/memory/semantic/FACTS'), { recursive: true });
    symlinkSync('../../../../.env', join(t.dir, '.thunderus/memory/semantic/FACTS/env.md'));
    c = transport === 'stdio' ? await stdioClient(t.dir) : await httpClient(t.dir);
  }, 60_000);
  afterAll(async () => {
    await c?.close();
    t?.done();
  });

  const tool = async (name: string, args: Record<string, unknown>) => {
    const r = await call(c.client, name, args);
    seen.push(JSON.stringify(r.value));
    return r;
  };

  it('read of memory-bank/progress.md -> ../.git/config is refused with mcp.link-not-memory', async () => {
    const r = await tool('read', { path: 'memory-bank/progress.md' });
    expect(r.isError).toBe(true);
    expect(codes(r.value)).toEqual(['mcp.link-not-memory']);
    expect(r.value.problems[0].file).toBe('memory-bank/progress.md');
    expect(JSON.stringify(r.value)).not.toContain(TOKEN);
  });

  it('read, verify and history of memory-bank/decisionLog.md -> ../.env are refused', async () => {
    for (const [name, args] of [
      ['read', { path: 'memory-bank/decisionLog.md' }],
      ['read', { path: 'memory-bank/decisionLog.md', offset: 3 }],
      ['verify', { ledger: 'memory-bank/decisionLog.md' }],
      ['history', { ledger: 'memory-bank/decisionLog.md' }],
    ] as const) {
      const r = await tool(name, args);
      expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(codes(r.value)).toEqual(['mcp.link-not-memory']);
    }
  });

  it('the ledger resources of the linked decisionLog.md are refused too', async () => {
    const uri = `memkit://ledger/${encodeURIComponent('memory-bank/decisionLog.md')}/head`;
    const read = c.client.readResource({ uri });
    await expect(read).rejects.toThrow(/mcp\.link-not-memory/);
    seen.push(String(await read.catch((e: Error) => e.message)));
  });

  it('search skips a doc path linked to .env, with a warning, and read refuses it', async () => {
    const r = await tool('search', { query: 'API_KEY secret' });
    expect(r.isError).toBe(false);
    expect(r.value.hits).toEqual([]);
    expect(r.value.warnings.map((w: { code: string; file: string }) => `${w.code} ${w.file}`)).toContain('mcp.link-not-memory .thunderus/memory/semantic/FACTS/env.md');
    const read = await tool('read', { path: '.thunderus/memory/semantic/FACTS/env.md' });
    expect(codes(read.value)).toEqual(['mcp.link-not-memory']);
  });

  it('a link inside DIR to a memory file is followed', async () => {
    const r = await tool('read', { path: 'notes/activeContext.md' });
    expect(r.isError).toBe(false);
    expect(r.value).toMatchObject({ path: 'notes/activeContext.md', text: '' });
  });

  it("no result carried either target's content, check's included", async () => {
    await tool('check', {});
    expect(seen.length).toBeGreaterThan(6);
    for (const text of seen) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(ENV_SECRET);
      expect(text).not.toContain('API_KEY');
    }
  });
});
