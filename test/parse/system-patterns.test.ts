import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/kernel/canonical/index.js';
import { parseSystemPatterns, systemPatternsBodyHash } from '../../src/formats/system-patterns/parse.js';
import { checkSystemPatternsChange } from '../../src/formats/system-patterns/change.js';
import { checkThreadStore } from '../../src/formats/thread-store/invariants.js';

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

  // memory-bank-schema.md: "version: string (semver)" under a header that itself writes `version: "2.0"`;
  // thread-store-schema.md reads "1.0" the same way. One reading: valid, a convention warning.
  it('reads the two-part "2.0" of the seed\'s own header as valid, with a warning, as a thread store\'s "1.0"', () => {
    const text = `---\nversion: "2.0"\nhash: ${sha256Hex(body)}\nlocked_by: ReaperOAK\nimmutable: true\n---\n${body}`;
    const r = parseSystemPatterns(text);
    expect(r.ok).toBe(true);
    expect(r.problems?.map((p) => [p.code, p.severity, p.pointer, p.line])).toEqual([['system-patterns.version-two-part', 'warning', '/version', 2]]);
    const nested = parseSystemPatterns(`---\nheader:\n  version: "2.0"\n  hash: ${sha256Hex('B\n')}\n  locked_by: ReaperOAK\n  immutable: true\n---\nB\n`);
    expect(nested.ok && nested.problems?.map((p) => [p.code, p.pointer])).toEqual([['system-patterns.version-two-part', '/header/version']]);
    expect(parseSystemPatterns(header(sha256Hex(body)) + body).problems ?? []).toEqual([]);
    for (const bad of ['2', '2.0.0.0', '02.0', 'v2.0']) expect(parseSystemPatterns(text.replace('"2.0"', `"${bad}"`)).ok, bad).toBe(false);
    const store = { version: '1.0', metadata: { last_updated: '2026-02-20T00:00:00Z', thread_count: 0 }, threads: {}, operations: [], relations: {} };
    expect(checkThreadStore(store).map((p) => [p.code, p.severity])).toEqual([['threads.version-two-part', 'warning']]);
  });

  it('orders a two-part version as MAJOR.MINOR.0 when the body changes', () => {
    const v1 = `---\nversion: "2.0"\nhash: ${sha256Hex(body)}\nlocked_by: ReaperOAK\nimmutable: true\n---\n${body}`;
    const more = `${body}More.\r\n`;
    const v2 = (version: string) => `---\nversion: ${version}\nhash: ${sha256Hex(more)}\nlocked_by: ReaperOAK\nimmutable: true\n---\n${more}`;
    const decisions = [{ diff_hash: sha256Hex('More.\r\n') }];
    const codes = (version: string) => checkSystemPatternsChange(v1, v2(version), decisions).map((p) => p.code);
    expect(codes('"2.1"')).toEqual(['system-patterns.version-two-part']);
    expect(codes('2.0.1')).toEqual([]);
    expect(codes('"2.0"')).toEqual(['system-patterns.version-two-part', 'ledger.system-patterns-version']);
    expect(codes('2.0.0')).toEqual(['ledger.system-patterns-version']);
  });
});
