// The MCP server over memkit/node's ports, in this process, with the SDK client connected through
// the SDK's in-memory transport: what the CLI serves, with hooks a test can reach (a source whose
// walk runs a callback, a real cross-process lock).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CheckSource, ListScope, SourceListing } from '../../src/engine/index.js';
import type { LedgerFormatId } from '../../src/services/ledger/index.js';
import { type MemkitMcpServer, createMemkitMcpServer } from '../../src/surfaces/mcp/index.js';
import { appendEntry, nodeCheckSource, nodeFiles, nodeHasher, withLock } from '../../src/adapters/node/index.js';
import type { FilePort } from '../../src/services/store/index.js';

/** A checker source over `dir` that calls `hooks.onList` (when set) after each walk, with the scope it was asked for. */
export function hookedSource(dir: string, hooks: { onList?: (scope: ListScope | undefined, listing: SourceListing) => void }): CheckSource {
  const base = nodeCheckSource(dir);
  return {
    async list(scope) {
      const listing = await base.list(scope);
      hooks.onList?.(scope, listing);
      return listing;
    },
    read: (path) => base.read(path),
    ...(base.slice ? { slice: base.slice } : {}),
  };
}

/** A server with write tools over `dir` as `memkit mcp --write` wires it (or over the `files` given), and an SDK client connected to it. */
export async function connectInProcess(
  dir: string,
  source: CheckSource = nodeCheckSource(dir),
  files: FilePort = nodeFiles(dir, { extensions: null }),
): Promise<{ client: Client; mcp: MemkitMcpServer; close(): Promise<void> }> {
  const mcp = await createMemkitMcpServer({
    files,
    source,
    write: true,
    appendLedger: (rel: string, draft: Record<string, unknown>, format: LedgerFormatId) => appendEntry(join(dir, rel), draft as never, { format, hasher: nodeHasher }) as never,
    withLock: (rel, fn) => withLock(join(dir, ...rel.split('/')), () => fn()),
    hasher: nodeHasher,
  });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await mcp.server.connect(serverSide);
  const client = new Client({ name: 'memkit-test', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    mcp,
    async close() {
      await client.close();
      await mcp.close();
    },
  };
}

/** Writes `text` to `file` from a second, real process (as an editor or another tool would). */
export function editFromAnotherProcess(file: string, text: string): void {
  execFileSync(process.execPath, ['-e', 'require("node:fs").writeFileSync(process.argv[1], process.argv[2])', file, text]);
}
