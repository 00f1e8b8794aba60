/** A counting semaphore: at most `slots` calls of {@link Gate.run} at once, the others in arrival order (a burst of reads holds a few files in memory, not a hundred). */
export class Gate {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {}

  /** Runs `fn` once a slot is free, and frees it when `fn` settles. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.busy >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy++;
    try {
      return await fn();
    } finally {
      // The slot passes straight to the next waiter (busy stays the same), or is freed.
      const next = this.waiting.shift();
      if (next !== undefined) next();
      else this.busy--;
    }
  }
}
