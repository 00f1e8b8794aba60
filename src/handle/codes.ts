import { defineCodes } from '../kernel/problems/index.js';

/** Problem codes of the memory handle (`openMemory`): why a write was refused or a file not found; the MCP write tools report them too. */
export const memoryCodes = defineCodes({
  'memory.not-found': {
    meaning: 'The memory doc, ledger, task index, task or thread store named does not exist in the memory directory.',
    fix: 'Use `check()`, `listDocs()` or `search()` to find what exists, or create it first.',
    source: 'operational',
  },
  'memory.not-memory-file': {
    meaning: 'The path names no memkit file in the memory directory (or leaves it); only memory files are read this way.',
    fix: 'Name a memory doc, ledger, task file or thread store by its path relative to the memory directory.',
    source: 'operational',
  },
  'memory.invalid-request': {
    meaning: 'The request cannot be carried out as given (a task update with nothing to set, a new task without a title, a thread store not named among several).',
    fix: 'Give what the message asks for.',
    source: 'operational',
  },
  'memory.bad-path': {
    meaning: 'A path for a new memory doc is not a Markdown file under `.thunderus/memory/` that `check` counts as a memory doc.',
    fix: 'Give a relative path such as `.thunderus/memory/semantic/FACTS/topic.md`, or leave the path out to let memkit choose one.',
    source: 'operational',
  },
  'memory.path-conflict': {
    meaning: 'A memory doc with this id already exists at another path, or another file holds the path given.',
    fix: 'Leave the path out to update the existing doc, or choose another id or path.',
    source: 'operational',
  },
  'memory.status-derived': {
    meaning: 'The task has children: its status is derived by roll-up from theirs and cannot be set.',
    fix: 'Set the status of its leaf tasks; the roll-up updates the parents.',
    source: 'operational',
  },
  'memory.no-writer': {
    meaning: 'The entry does not name the agent writing it, so the writer policy cannot be applied.',
    fix: "Fill the entry's agent field (source_agent, author_agent, proposer_agent or reporter_agent).",
    source: 'operational',
  },
  'memory.payload-not-found': {
    meaning:
      'An appended entry names a `payload_loc` and no `payload_hash`, and no file is there (beside the ledger, or at the root of the memory directory), so the payload hash the append computes cannot be computed; nothing was written.',
    fix: 'Write the payload file first, or correct `payload_loc`.',
    source: { seed: 'memory-bank-schema.md', quote: '- REQUIRE: Every append computes SHA-256 of payload' },
  },
  'memory.payload-outside': {
    meaning:
      'An appended entry names a `payload_loc` and no `payload_hash`, and the location is not a file inside the memory directory (an absolute path, a URL, or a path climbing out of it), so memkit cannot hash the payload; nothing was written.',
    fix: 'Keep the payload inside the memory directory and name it by a relative path, or give `payload_hash` yourself.',
    source: { seed: 'memory-bank-schema.md', quote: '- REQUIRE: Every append computes SHA-256 of payload' },
  },
  'memory.would-not-check-clean': {
    meaning: 'The write was refused because the files it would produce do not check clean (the problems that follow are the new ones); nothing was written.',
    fix: 'Change the request so the result keeps every rule, or fix the problems named first.',
    source: 'operational',
  },
  'memory.write-conflict': {
    meaning: 'A file the write replaces changed after memkit read it (an editor, the CLI or another process); nothing was written.',
    fix: 'Make the request again: it starts from the file as it is now.',
    source: 'operational',
  },
  'memory.dependency-cycle': {
    meaning: 'The task write would make a task depend on itself, directly or through others (the `wbs.*` problems that follow say how).',
    fix: 'Leave out the dependency that closes the cycle.',
    source: 'operational',
  },
  'memory.io-error': {
    meaning: 'Reading or writing the memory directory failed unexpectedly (the message says how); nothing the write had not finished was changed.',
    fix: 'Check the directory and its permissions, then retry; `check()` shows what the files hold now.',
    source: 'operational',
  },
});
