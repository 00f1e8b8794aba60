/**
 * `memkit/mcp`: memkit's memory as Model Context Protocol tools and resources.
 * The server works on ports (a file port, the checker's source, a ledger
 * append and a lock), so it imports no file system; `memkit mcp` wires
 * memkit/node's. The SDK (`@modelcontextprotocol/server`) is an optional peer
 * dependency that only this entry loads.
 * The curated list, one line per name, is docs/api-surface.md.
 * @packageDocumentation
 */
export type { MemkitMcpOptions } from './options.js';
export type { McpLimits } from './limits.js';
export { type MemkitMcpServer, createMemkitMcpServer } from './server.js';
export { MAX_ARGUMENT_CHARS, MAX_ARGUMENT_DEPTH } from './tools.js';
export { mcpCodes } from './codes.js';
