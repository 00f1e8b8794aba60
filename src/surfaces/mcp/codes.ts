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
  'mcp.not-found': {
    meaning: 'The memory doc, ledger, task, thread store or resource named does not exist under the served directory.',
    fix: 'Use `search`, `check` or `resources/list` to find what exists.',
    source: 'operational',
  },
  'mcp.not-memory-file': {
    meaning: 'The path names no memkit file under the served directory (or leaves it); the server reads only memory files.',
    fix: 'Name a memory doc, ledger, task file or thread store by its path relative to the served directory.',
    source: 'operational',
  },
  'mcp.bad-path': {
    meaning: 'A path for a new memory doc is not a Markdown file under `.thunderus/memory/`.',
    fix: 'Give a relative path such as `.thunderus/memory/semantic/FACTS/topic.md`, or leave the path out to let the server choose one.',
    source: 'operational',
  },
  'mcp.path-conflict': { meaning: 'A memory doc with this id already exists at another path.', fix: 'Leave the path out to update the existing doc, or choose another id.', source: 'operational' },
  'mcp.status-derived': {
    meaning: 'The task has children: its status is derived by roll-up from theirs and cannot be set.',
    fix: 'Set the status of its leaf tasks; the roll-up updates the parents.',
    source: 'operational',
  },
  'mcp.would-not-check-clean': {
    meaning: 'The write was refused because the files it would produce do not check clean (the problems that follow are the new ones); nothing was written.',
    fix: 'Change the request so the result keeps every rule, or fix the problems named first.',
    source: 'operational',
  },
  'mcp.no-writer': {
    meaning: "The entry does not name the agent writing it, so the config's writer policy cannot be applied.",
    fix: "Fill the entry's agent field (source_agent, author_agent, proposer_agent or reporter_agent).",
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
  'mcp.result-too-large': {
    meaning: "The result would be larger than the server's result limit (1 MiB unless configured) and cannot be paged further: one ledger entry, or a resource, too large for it.",
    fix: 'Read the file with `read` by path and `offset` (it pages any file), or raise the limit (`limits.maxResultBytes`).',
    source: 'operational',
  },
  'mcp.write-conflict': {
    meaning: 'A file the write replaces changed after the server read it (an editor, the CLI or another server); nothing was written.',
    fix: 'Call the tool again: it starts from the file as it is now.',
    source: 'operational',
  },
  'mcp.dependency-cycle': {
    meaning: 'The task write would make a task depend on itself, directly or through others (the `wbs.*` problems that follow say how).',
    fix: 'Leave out the dependency that closes the cycle.',
    source: 'operational',
  },
});
