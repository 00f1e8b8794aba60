import { defineCodes } from '../../kernel/problems/codes.js';

/** Problem codes raised by `memkit/threads`. */
export const threadCodes = defineCodes({
  'threads.not-store': {
    meaning: 'The value is not an object with `metadata`, `threads`, `operations` and `relations` of the right shapes, so no rule could be checked or applied.',
    fix: 'Fix the structure first (see the schema problems reported with it).',
    source: { seed: 'thread-store-schema.md', quote: 'Thread info dictionary, keyed by thread ID' },
    format: 'thread-store',
  },
  'threads.version-two-part': {
    meaning:
      '`version` is `MAJOR.MINOR` (as in the format\'s own example, `"1.0"`) rather than full SemVer `MAJOR.MINOR.PATCH`; it is read as `MAJOR.MINOR.0`. The format says "semver" and its example writes two parts: valid, as systemPatterns.md\'s `"2.0"` is (`system-patterns.version-two-part`); full SemVer is memkit\'s convention.',
    fix: 'Write the version as full SemVer (`1.0.0`); memkit does when it migrates or writes a store.',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
  'threads.empty-string': {
    meaning:
      "A thread's `title`, `objective` or `storage_path`, or an operation's `id` or `command`, is the empty string. Valid: the format types them only as `string`, which allows ''; memkit reads them as text, its convention, the same rule as the Memory Bank's `convention.empty-string` (a warning under the spec profile, an error under strict).",
    fix: 'Give the field a value.',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
  'threads.key-mismatch': {
    meaning: 'A thread is stored under a key that differs from its `id`.',
    fix: 'Store each thread under its own id.',
    source: { seed: 'thread-store-schema.md', quote: 'Thread info dictionary, keyed by thread ID' },
    format: 'thread-store',
  },
  'threads.id-duplicate': {
    meaning: 'Two threads (or two operations) share an id.',
    fix: 'Give each one a unique id.',
    source: { seed: 'thread-store-schema.md', quote: 'IDs must be unique within `threads`' },
    format: 'thread-store',
  },
  'threads.parent-missing': {
    meaning: 'A thread’s `parent_id` names a thread that does not exist.',
    fix: 'Set `parent_id` to an existing thread or to null.',
    source: { seed: 'thread-store-schema.md', quote: 'Parent thread ID, null if root thread' },
    format: 'thread-store',
  },
  'threads.parent-cycle': {
    meaning: '`parent_id` links form a cycle (a thread is its own ancestor); the message lists it in order.',
    fix: 'Break the cycle by re-parenting one thread.',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
  'threads.count-mismatch': {
    meaning: '`metadata.thread_count` differs from the number of threads.',
    fix: 'Set it to the number of entries in `threads`.',
    source: { seed: 'thread-store-schema.md', quote: 'Total number of threads' },
    format: 'thread-store',
  },
  'threads.last-updated-stale': {
    meaning: '`metadata.last_updated` is earlier than the latest operation’s timestamp.',
    fix: 'Set it to the latest operation’s timestamp or later.',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
  'threads.operation-order': {
    meaning: 'An operation’s timestamp is earlier than the one before it in the log.',
    fix: 'Keep the log in the order operations happened.',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
  'threads.command-unknown': {
    meaning: 'A stored operation’s command is not spawn, reference, freeze, archive or update; it is kept but not interpreted.',
    fix: 'Use one of the seed’s commands.',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
  'threads.command-unsupported': {
    meaning: 'applyOperation was asked to apply a command it does not know; the store is unchanged.',
    fix: 'Use spawn, reference, freeze, archive or update.',
    source: 'operational',
    format: 'thread-store',
  },
  'threads.params-invalid': {
    meaning: 'An operation’s params lack a key parameter or have the wrong type.',
    fix: 'Give the parameters the seed lists for the command (spawn: parent_id, child_id, objective; reference: from_id, to_id, asset_path; freeze/archive/update: thread_id).',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
  'threads.operation-unknown-thread': {
    meaning: 'An operation names a thread that is not in `threads`.',
    fix: 'Restore the thread or correct the id in the operation.',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
  'threads.spawn-existing': {
    meaning: 'A spawn creates a thread that already exists (spawned before, or an existing id).',
    fix: 'Use a new id for the child thread.',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
  'threads.spawn-mismatch': {
    meaning: 'A spawn operation’s parent disagrees with the spawned thread’s `parent_id`.',
    fix: 'Make the thread’s `parent_id` match its spawn operation.',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
  'threads.transition-invalid': {
    meaning: 'A status change breaks the transition table (active → frozen | archived, frozen → archived; archived is terminal).',
    fix: 'Only freeze active threads and only archive active or frozen ones.',
    source: { seed: 'thread-store-schema.md', quote: 'Allowed Transitions' },
    format: 'thread-store',
  },
  'threads.frozen-modified': {
    meaning: 'A frozen or archived thread (read-only) was modified: updated, given a child, or made to reference another thread.',
    fix: 'Modify only active threads; spawn a new thread instead.',
    source: { seed: 'thread-store-schema.md', quote: 'Thread is frozen (read-only)' },
    format: 'thread-store',
  },
  'threads.update-forbidden': {
    meaning: 'An update tries to change `id`, `created_at`, `parent_id` or `status`, which updates may not change.',
    fix: 'Use freeze/archive for status; ids, parents and creation times are fixed.',
    source: 'operational',
    format: 'thread-store',
  },
  'threads.status-drift': {
    meaning: 'A thread’s status differs from the status its operations log leads to (a thread the log does not mention is not compared).',
    fix: 'Set the status the log implies, or record the missing operation.',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
  'threads.relations-missing': {
    meaning: 'A thread has no entry in the `relations` cache.',
    fix: 'Rebuild the cache (`rebuildRelations`).',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
  'threads.relation-unknown-thread': {
    meaning: 'The relations cache names a thread that does not exist.',
    fix: 'Remove the id from the cache (`rebuildRelations`).',
    source: { seed: 'thread-store-schema.md', quote: 'Relationship cache, keyed by thread ID' },
    format: 'thread-store',
  },
  'threads.relation-self': { meaning: 'A thread references or depends on itself.', fix: 'Remove the self-link.', severity: 'warning', source: 'convention', format: 'thread-store' },
  'threads.relation-duplicate': { meaning: 'A relations list names the same thread twice.', fix: 'Remove the duplicate.', severity: 'warning', source: 'convention', format: 'thread-store' },
  'threads.parent-child-mismatch': {
    meaning: 'A thread lists a child in `children` whose `parent_id` is another thread.',
    fix: 'Remove it from `children` or fix the child’s `parent_id`.',
    source: { seed: 'thread-store-schema.md', quote: 'If A lists B in `children`, B must have A as `parent_id`' },
    format: 'thread-store',
  },
  'threads.child-not-listed': {
    meaning: 'A thread names a parent whose `children` does not list it.',
    fix: 'Add it to the parent’s `children` (`rebuildRelations`).',
    source: { seed: 'thread-store-schema.md', quote: 'IDs of spawned child threads' },
    format: 'thread-store',
  },
  'threads.reference-asymmetric': {
    meaning: 'A lists B in `references_to` but B does not list A in `referenced_by`, or the reverse.',
    fix: 'Make both sides agree (`rebuildRelations`).',
    source: { seed: 'thread-store-schema.md', quote: 'If A lists B in `references_to`, B must list A in `referenced_by`' },
    format: 'thread-store',
  },
  'threads.relations-drift': {
    meaning:
      'A relations list disagrees with what the operations log implies (reference ops, depends_on updates). The format keeps relations as a cache of their own, so an empty or rotated log is not reported; only a log entry that the cache contradicts is.',
    fix: 'Rebuild the cache with `rebuildRelations`, or record the missing operation.',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
  'threads.store-changed': {
    meaning: 'The store file changed between being read and being written by `memkit threads apply` (a writer that does not take `<store>.lock`, such as an editor); nothing was written.',
    fix: 'Apply the operation again to the current store.',
    source: 'operational',
    format: 'thread-store',
  },
  'threads.depends-cycle': {
    meaning: '`depends_on` links form a cycle; the message lists it in order.',
    fix: 'Remove one dependency of the cycle.',
    severity: 'warning',
    source: 'convention',
    format: 'thread-store',
  },
});

/** A problem code of `memkit/threads`. */
export type ThreadCode = keyof typeof threadCodes;
