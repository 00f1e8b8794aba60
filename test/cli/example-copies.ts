import { afterEach } from 'vitest';
import { copyExample } from './helpers.js';

/** `example()` gives a fresh copy of examples/`name` for the test running; every copy is removed after each test. */
export function exampleCopies(name: 'agent-memory' | 'broken' = 'agent-memory'): () => string {
  const copies: { done: () => void }[] = [];
  afterEach(() => {
    for (const c of copies.splice(0)) c.done();
  });
  return () => {
    const c = copyExample(name);
    copies.push(c);
    return c.dir;
  };
}
