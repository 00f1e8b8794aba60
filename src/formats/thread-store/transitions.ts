import type { THREAD_STATUSES } from '../../schema/thread-store.js';

/** A thread status. */
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

/** The seed's transition table: active → frozen | archived; frozen → archived; archived is terminal. */
export const THREAD_TRANSITIONS: Readonly<Record<ThreadStatus, readonly ThreadStatus[]>> = {
  active: ['frozen', 'archived'],
  frozen: ['archived'],
  archived: [],
};

/**
 * True when the table allows `from` → `to`.
 * @example canTransition('frozen', 'active') // false
 */
export function canTransition(from: unknown, to: unknown): boolean {
  return typeof from === 'string' && Object.hasOwn(THREAD_TRANSITIONS, from) && (THREAD_TRANSITIONS[from as ThreadStatus] as readonly unknown[]).includes(to);
}

/** True when a thread in `status` may be modified (only active threads are writable). */
export function isWritable(status: unknown): boolean {
  return status === 'active';
}
