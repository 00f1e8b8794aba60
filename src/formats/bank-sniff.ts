/** Content tests, on a bounded prefix, for a file with a bank file's name outside a bank: it is the format only when shaped like it. */
import { baseOf, dirOf, insideThunderusMemory, type Layout } from './layout.js';

const HEAD = 64 * 1024;
const head = (text: string) => (text.length > HEAD ? text.slice(0, HEAD) : text);

/** A JSON Lines ledger: a line that is a JSON object naming one of the ledger fields. */
export function looksLikeLedger(text: string): boolean {
  return /^[ \t]*\{.*"(?:predecessor_hash|ts|payload_hash)"\s*:/m.test(head(text));
}

/** `systemPatterns.md` with its header: frontmatter at the top that has a `hash` key. */
export function looksLikeSystemPatterns(text: string): boolean {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---/.exec(head(text));
  return m !== null && /^[ \t]*hash\s*:/m.test(m[1]!);
}

/** A progress table: a Markdown table header row naming `task_id` and `status`. */
export function looksLikeProgressTable(text: string): boolean {
  return /^[ \t]*\|(?=.*\btask_id\b)(?=.*\bstatus\b).*\|[ \t]*\r?$/m.test(head(text));
}

/** A feedback log: entries naming both `from_agent` and `to_agent`. */
export function looksLikeFeedbackLog(text: string): boolean {
  const h = head(text);
  return /\bfrom_agent\b["']?\s*:/.test(h) && /\bto_agent\b["']?\s*:/.test(h);
}

/** JSON text whose root object names every one of `keys`. */
export function jsonNaming(...keys: string[]): (text: string) => boolean {
  return (text) => /^\uFEFF?\s*\{/.test(text) && keys.every((k) => text.includes(`"${k}"`));
}

/** For a file named like a bank file but outside any bank: a path that may hold `name`'s format. */
export function namedOutsideBank(name: string): (path: string, layout: Layout) => boolean {
  return (path, layout) => baseOf(path) === name && !layout.isBankDir(dirOf(path)) && !insideThunderusMemory(path);
}
