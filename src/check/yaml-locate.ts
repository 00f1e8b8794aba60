import { parsePointer } from '../problems/index.js';

/**
 * Best-effort line of a JSON Pointer inside a block of YAML frontmatter: the
 * line of the top-level key, refined by a nested key when one follows it.
 * `firstLine` is the 1-based file line of the first YAML line.
 * @example
 * yamlPointerLine('id: x\nprovenance:\n  events: []\n', '/provenance/events', 2) // 4
 */
export function yamlPointerLine(yaml: string, pointer: string, firstLine: number): number {
  const tokens = parsePointer(pointer);
  if (tokens === undefined || tokens.length === 0) return firstLine;
  const lines = yaml.split('\n');
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const top = new RegExp(`^["']?${esc(tokens[0]!)}["']?\\s*:`);
  const at = lines.findIndex((l) => top.test(l));
  if (at < 0) return firstLine;
  if (tokens.length > 1 && !/^\d+$/.test(tokens[1]!)) {
    const nested = new RegExp(`^\\s+(- )?["']?${esc(tokens[1]!)}["']?\\s*:`);
    for (let i = at + 1; i < lines.length && /^(\s|$)/.test(lines[i]!); i++) if (nested.test(lines[i]!)) return firstLine + i;
  }
  return firstLine + at;
}
