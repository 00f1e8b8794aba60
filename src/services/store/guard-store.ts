import { MemkitError, error } from '../../kernel/problems/index.js';
import type { Store, StoreCapabilities, StoreOps } from './store-port.js';

/** What an adapter supplies to {@link guardStore}: the raw operations and transaction hooks. */
export interface StoreCore {
  capabilities: StoreCapabilities;
  ops: StoreOps;
  begin(): Promise<void> | void;
  commit(): Promise<void> | void;
  rollback(): Promise<void> | void;
  toBytes(): Promise<Uint8Array> | Uint8Array;
  close(): Promise<void> | void;
}

const OP_NAMES = [
  'putDoc',
  'getDoc',
  'getDocRecord',
  'deleteDoc',
  'listDocs',
  'listHashes',
  'clearDocs',
  'addEdge',
  'removeEdge',
  'edges',
  'allEdges',
  'stale',
  'appendLedger',
  'readLedger',
  'ledgerHead',
  'getFile',
  'putFile',
  'deleteFile',
  'listFiles',
  'search',
] as const satisfies readonly (keyof StoreOps)[];

/** A FIFO lock: the function it returns runs each `fn` once every earlier one has settled. */
export function serialLock(): <T>(fn: () => Promise<T> | T) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (fn) => {
    const next = tail.then(fn, fn);
    tail = next.catch(() => undefined);
    return next;
  };
}

/**
 * Builds a {@link Store} from an adapter's {@link StoreCore}: every call is serialized through one lock,
 * `transaction` holds it around begin/commit/rollback, and a closed store refuses calls with `store.closed`.
 */
export function guardStore(core: StoreCore): Store {
  const lock = serialLock();
  let closed = false;
  const assertOpen = () => {
    if (closed) throw new MemkitError([error('store.closed', 'the store is closed')]);
  };
  const direct = {} as Record<string, unknown>;
  const locked = {} as Record<string, unknown>;
  for (const name of OP_NAMES) {
    const fn = (core.ops[name] as (...args: unknown[]) => Promise<unknown>).bind(core.ops);
    const call = (...args: unknown[]) => {
      assertOpen();
      return fn(...args);
    };
    direct[name] = call;
    locked[name] = (...args: unknown[]) => lock(() => call(...args));
  }
  const tx = direct as unknown as StoreOps;
  return {
    ...(locked as unknown as StoreOps),
    capabilities: core.capabilities,
    transaction<T>(fn: (tx: StoreOps) => Promise<T>): Promise<T> {
      return lock(async () => {
        assertOpen();
        await core.begin();
        try {
          const result = await fn(tx);
          await core.commit();
          return result;
        } catch (e) {
          await core.rollback();
          throw e;
        }
      });
    },
    toBytes() {
      return lock(async () => {
        assertOpen();
        return core.toBytes();
      });
    },
    close() {
      return lock(async () => {
        if (closed) return;
        closed = true;
        await core.close();
      });
    },
  };
}
