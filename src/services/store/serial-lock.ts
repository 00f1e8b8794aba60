/**
 * A FIFO mutex: `run(fn)` waits for every earlier `run` to settle first. The
 * stores use it so a transaction has the connection to itself.
 */
export class SerialLock {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `fn` after everything queued before it; resolves or rejects with its outcome. */
  run<T>(fn: () => Promise<T> | T): Promise<T> {
    const next = this.tail.then(fn, fn);
    this.tail = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }
}
