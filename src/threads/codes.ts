import { defineCodes } from '../problems/codes.js';

/** Problem codes raised by `memkit/threads`. */
export const threadCodes = defineCodes({
  'threads.not-store': { meaning: 'The value is not an object with `metadata`, `threads`, `operations` and `relations` of the right shapes, so no rule could be checked or applied.', fix: 'Fix the structure first (see the schema problems reported with it).' },
  'threads.key-mismatch': { meaning: 'A thread is stored under a key that differs from its `id`.', fix: 'Store each thread under its own id.' },
  'threads.id-duplicate': { meaning: 'Two threads (or two operations) share an id.', fix: 'Give each one a unique id.' },
  'threads.parent-missing': { meaning: 'A thread’s `parent_id` names a thread that does not exist.', fix: 'Set `parent_id` to an existing thread or to null.' },
  'threads.parent-cycle': { meaning: '`parent_id` links form a cycle (a thread is its own ancestor); the message lists it in order.', fix: 'Break the cycle by re-parenting one thread.' },
  'threads.count-mismatch': { meaning: '`metadata.thread_count` differs from the number of threads.', fix: 'Set it to the number of entries in `threads`.' },
  'threads.last-updated-stale': { meaning: '`metadata.last_updated` is earlier than the latest operation’s timestamp.', fix: 'Set it to the latest operation’s timestamp or later.' },
  'threads.operation-order': { meaning: 'An operation’s timestamp is earlier than the one before it in the log.', fix: 'Keep the log in the order operations happened.', severity: 'warning' },
  'threads.command-unknown': { meaning: 'A stored operation’s command is not spawn, reference, freeze, archive or update; it is kept but not interpreted.', fix: 'Use one of the seed’s commands.', severity: 'warning' },
  'threads.command-unsupported': { meaning: 'applyOperation was asked to apply a command it does not know; the store is unchanged.', fix: 'Use spawn, reference, freeze, archive or update.' },
  'threads.params-invalid': { meaning: 'An operation’s params lack a key parameter or have the wrong type.', fix: 'Give the parameters the seed lists for the command (spawn: parent_id, child_id, objective; reference: from_id, to_id, asset_path; freeze/archive/update: thread_id).' },
  'threads.operation-unknown-thread': { meaning: 'An operation names a thread that is not in `threads`.', fix: 'Restore the thread or correct the id in the operation.' },
  'threads.spawn-existing': { meaning: 'A spawn creates a thread that already exists (spawned before, or an existing id).', fix: 'Use a new id for the child thread.' },
  'threads.spawn-mismatch': { meaning: 'A spawn operation’s parent disagrees with the spawned thread’s `parent_id`.', fix: 'Make the thread’s `parent_id` match its spawn operation.' },
  'threads.transition-invalid': { meaning: 'A status change breaks the transition table (active → frozen | archived, frozen → archived; archived is terminal).', fix: 'Only freeze active threads and only archive active or frozen ones.' },
  'threads.frozen-modified': { meaning: 'A frozen or archived thread (read-only) was modified: updated, given a child, or made to reference another thread.', fix: 'Modify only active threads; spawn a new thread instead.' },
  'threads.update-forbidden': { meaning: 'An update tries to change `id`, `created_at`, `parent_id` or `status`, which updates may not change.', fix: 'Use freeze/archive for status; ids, parents and creation times are fixed.' },
  'threads.status-drift': { meaning: 'A thread’s status differs from the status its operations log leads to.', fix: 'Set the status the log implies, or record the missing operation.' },
  'threads.relations-missing': { meaning: 'A thread has no entry in the `relations` cache.', fix: 'Rebuild the cache (`rebuildRelations`).' },
  'threads.relation-unknown-thread': { meaning: 'The relations cache names a thread that does not exist.', fix: 'Remove the id from the cache (`rebuildRelations`).' },
  'threads.relation-self': { meaning: 'A thread references or depends on itself.', fix: 'Remove the self-link.' },
  'threads.relation-duplicate': { meaning: 'A relations list names the same thread twice.', fix: 'Remove the duplicate.', severity: 'warning' },
  'threads.parent-child-mismatch': { meaning: 'A thread lists a child in `children` whose `parent_id` is another thread.', fix: 'Remove it from `children` or fix the child’s `parent_id`.' },
  'threads.child-not-listed': { meaning: 'A thread names a parent whose `children` does not list it.', fix: 'Add it to the parent’s `children` (`rebuildRelations`).' },
  'threads.reference-asymmetric': { meaning: 'A lists B in `references_to` but B does not list A in `referenced_by`, or the reverse.', fix: 'Make both sides agree (`rebuildRelations`).' },
  'threads.relations-drift': { meaning: 'A relations list disagrees with what the operations log implies (reference ops, depends_on updates).', fix: 'Rebuild the cache with `rebuildRelations`, or record the missing operation.' },
  'threads.depends-cycle': { meaning: '`depends_on` links form a cycle; the message lists it in order.', fix: 'Remove one dependency of the cycle.' },
});

/** A problem code of `memkit/threads`. */
export type ThreadCode = keyof typeof threadCodes;
