import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The first entry of the clean example's decision log: a valid first link of a chain.
const FIRST = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'agent-memory', 'memory-bank', 'decisionLog.md'), 'utf8')
  .split('\n')
  .find((l) => l.startsWith('{'))!;

/** `prefix` followed by one valid decisionLog.md entry line. */
export function appendLedgerLine(prefix: string): string {
  return prefix + FIRST + '\n';
}
