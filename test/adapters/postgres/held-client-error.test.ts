// A `pg` client held by withConnection (a store transaction) whose server connection dies emits 'error'.
// With no listener, Node turns that event into an uncaught exception and the process ends (found when a
// backend was terminated mid-transaction). fromPgPool now listens while it holds the client and releases
// it as broken; the next query reports the loss.
import { EventEmitter } from 'node:events';
import { expect, it } from 'vitest';
import { fromPgPool } from '../../../src/adapters/postgres/client.js';

it('survives an error event on a held client and releases it as broken', async () => {
  const client = Object.assign(new EventEmitter(), {
    released: undefined as unknown,
    query: async () => ({ rows: [] }),
    release(err?: unknown) {
      this.released = err;
    },
  });
  const db = fromPgPool({ query: async () => ({ rows: [] }), connect: async () => client, end: async () => undefined });
  await db.withConnection(async () => {
    // Without a listener, emit('error') throws here.
    expect(() => client.emit('error', new Error('Connection terminated unexpectedly'))).not.toThrow();
  });
  expect(client.released).toBe(true);
  expect(client.listenerCount('error')).toBe(0);
});
