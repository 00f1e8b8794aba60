import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/kernel/canonical/index.js';
import { parseSystemPatterns, systemPatternsBodyHash } from '../../src/formats/system-patterns/parse.js';

const body = '# System patterns\r\n\r\nLayered architecture.\r\n';
const header = (hash: string) => `---\r\nversion: 2.0.0\r\nhash: ${hash}\r\nlocked_by: ReaperOAK\r\nimmutable: true\r\n---\r\n`;

describe('systemPatterns.md', () => {
  it('hashes the bytes after the closing --- line, its newline excluded', () => {
    expect(systemPatternsBodyHash(header('x') + body)).toBe(sha256Hex(body));
    expect(systemPatternsBodyHash('---\na: 1\n---')).toBe(sha256Hex(''));
    expect(systemPatternsBodyHash('no frontmatter')).toBeUndefined();
    // The YAML need not parse for the hash to be computed.
    expect(systemPatternsBodyHash('---\na: [\n---\nB')).toBe(sha256Hex('B'));
  });

  it('parses a header whose hash matches', () => {
    const r = parseSystemPatterns(header(sha256Hex(body)) + body);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.value.header).toEqual({ version: '2.0.0', hash: sha256Hex(body), locked_by: 'ReaperOAK', immutable: true });
    expect(r.value.body).toBe(body);
    expect(r.value.bodyHash).toBe(sha256Hex(body));
  });

  it('accepts the seed layout with a nested header mapping', () => {
    const text = `---\nheader:\n  version: 1.0.0\n  hash: ${sha256Hex('B\n')}\n  locked_by: ReaperOAK\n  immutable: true\nwriters: [ReaperOAK]\n---\nB\n`;
    expect(parseSystemPatterns(text).ok).toBe(true);
  });

  it('reports an edited body and a bad header', () => {
    const edited = parseSystemPatterns(header(sha256Hex(body)) + body + 'tamper');
    expect(!edited.ok && edited.problems.map((p) => [p.code, p.line])).toEqual([['system-patterns.hash-mismatch', 7]]);
    const unchecked = parseSystemPatterns(header(sha256Hex(body)) + body + 'tamper', { verifyHash: false });
    expect(unchecked.ok).toBe(true);
    const bad = parseSystemPatterns('---\nversion: one\nhash: x\nlocked_by: me\nimmutable: false\n---\n');
    expect(!bad.ok && bad.problems.map((p) => p.pointer).sort()).toEqual(['/hash', '/immutable', '/locked_by', '/version']);
  });
});
