// RFC 8785 test vectors (cyberphone/json-canonicalization testdata, Apache-2.0; see test/fixtures/rfc8785/README.md).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalize, readJson, toHex, utf8 } from '../../src/kernel/canonical/index.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'rfc8785');
const names = readdirSync(join(DIR, 'input'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .sort();

describe('RFC 8785 test vectors', () => {
  it('has the six reference vectors', () => {
    expect(names).toEqual(['arrays', 'french', 'structures', 'unicode', 'values', 'weird']);
  });

  it.each(names)('%s: reading and canonicalizing the input gives the output file byte for byte', (name) => {
    const input = readFileSync(join(DIR, 'input', `${name}.json`), 'utf8');
    const read = readJson(input);
    expect(read).toMatchObject({ ok: true });
    expect(read.problems).toBeUndefined();
    if (!read.ok) return;
    const canonical = canonicalize(read.value);
    expect(canonical).toBe(readFileSync(join(DIR, 'output', `${name}.json`), 'utf8'));
    const hex = readFileSync(join(DIR, 'outhex', `${name}.txt`), 'utf8').replace(/\s+/g, '');
    expect(toHex(utf8(canonical))).toBe(hex);
  });

  it.each(names)('%s: the output is a fixed point (canonical text reads back to itself)', (name) => {
    const output = readFileSync(join(DIR, 'output', `${name}.json`), 'utf8');
    const read = readJson(output);
    expect(read.ok).toBe(true);
    if (read.ok) expect(canonicalize(read.value)).toBe(output);
  });
});
