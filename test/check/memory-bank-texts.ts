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

/** The widely used prose Memory Bank layout: the six core files as plain Markdown. */
export const PROSE_BANK: Readonly<Record<string, string>> = {
  'memory-bank/projectbrief.md': '# Project brief\n\nBuild a memory checker.\n',
  'memory-bank/productContext.md': '# Product context\n\nWhy it exists, who uses it.\n',
  'memory-bank/activeContext.md': '# Active context\n\nCurrent focus: the CLI.\n',
  'memory-bank/systemPatterns.md': '# System patterns\n\nPorts and adapters.\n',
  'memory-bank/techContext.md': '# Tech context\n\nTypeScript, Node 20.\n',
  'memory-bank/progress.md': '# Progress\n\n- works: parser\n- left: docs\n',
};
