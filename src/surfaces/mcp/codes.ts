import { defineCodes } from '../../kernel/problems/index.js';

/** Problem codes of the MCP server (`memkit/mcp`, `memkit mcp`): what a tool call is refused with. */
export const mcpCodes = defineCodes({
  'mcp.unknown-tool': {
    meaning: 'The client called a tool this server does not have (tools that do not apply to the directory are not offered).',
    fix: 'Call one of the tools `tools/list` returns.',
    source: 'operational',
  },
  'mcp.read-only': {
    meaning: 'The client called a write tool (remember, append, task, thread) on a server started without `--write`.',
    fix: 'Start the server with `memkit mcp DIR --write` if agents may change the memory.',
    source: 'operational',
  },
  'mcp.invalid-arguments': {
    meaning: "The tool's arguments do not match its input schema (the schema problems that follow say where).",
    fix: "Pass the arguments the tool's input schema describes.",
    source: 'operational',
  },
  'mcp.arguments-too-large': {
    meaning: "The tool's arguments are larger than the server accepts (4 MiB of JSON).",
    fix: 'Split the content into smaller memory docs or entries.',
    source: 'operational',
  },
  'mcp.internal-error': {
    meaning: 'The tool failed unexpectedly; nothing it had not finished writing was changed.',
    fix: 'Report the message; retry after checking the directory with `memkit check`.',
    source: 'operational',
  },
  'mcp.link-not-memory': {
    meaning: 'The path is a symbolic link inside the served directory to a file that is not a memory file (`.git/config`, `.env`); such a link is not followed.',
    fix: 'Replace the link with the memory file itself, or point it at a memory file under the served directory.',
    source: 'operational',
  },
  'mcp.ledger-unverified': {
    meaning:
      'The client read a ledger that does not verify (a broken hash chain, an entry that fails its schema, a payload that does not match): the server hands no such ledger to an agent; the problems that follow say where.',
    fix: 'Run `memkit verify` on the ledger and restore it from version control (a ledger is append-only: repair means going back to the last good text).',
    source: { seed: 'memory-bank-schema.md', quote: 'VERIFY: Chain integrity before any agent reads memory' },
  },
  'mcp.result-too-large': {
    meaning: "The result would be larger than the server's result limit (1 MiB unless configured) and cannot be paged further: one ledger entry, or a resource, too large for it.",
    fix: 'Read the file with `read` by path and `offset` (it pages any file), or raise the limit (`limits.maxResultBytes`).',
    source: 'operational',
  },
});
