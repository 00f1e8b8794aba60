// The detector finds nothing in what memkit ships and tests against: every example directory, every rule
// fixture and every format rule's own examples (their hashes, ids and timestamps are the near-misses a
// ledger is full of).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMAT_RULES } from '../../src/formats/index.js';
import { findSecrets } from '../../src/kernel/secrets/index.js';

const ROOT = join(import.meta.dirname, '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

const findingsIn = (name: string, text: string) => findSecrets(text).map((f) => `${name}: ${f.label} at ${f.offset} (${f.masked})`);

describe('no secret in what memkit ships', () => {
  it('every shipped example and every rule fixture', () => {
    const files = [...filesUnder(join(ROOT, 'examples')), ...filesUnder(join(ROOT, 'test', 'fixtures', 'rules'))];
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => findingsIn(relative(ROOT, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it("every format rule's own examples", () => {
    const found: string[] = [];
    let texts = 0;
    for (const [code, { rule }] of FORMAT_RULES)
      for (const kind of ['fail', 'pass', 'base'] as const)
        for (const [path, text] of Object.entries(rule.examples[kind] ?? {})) {
          texts++;
          found.push(...findingsIn(`${code}/${kind}/${path}`, text));
        }
    expect(texts).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });
});
