// A tampered export bundle was a warning in `memkit check` (the digest and a File record's sha256 were
// memkit conventions) while `memkit import` refused it: CI went green on a bundle no import takes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeCheckSource } from '../../src/adapters/node/check-source.js';
import { checkDirectory } from '../../src/engine/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { importBundle, memoryRecords } from '../../src/services/exchange/index.js';
import { FIXTURE_EXAMPLES } from '../rules/examples.js';

const BUNDLE = 'exports/kani-2026-02-22.ndjson';

describe('check and import agree on a tampered export bundle', () => {
  for (const code of ['exchange.digest-mismatch', 'exchange.file-hash-mismatch']) {
    it(`${code} is an error in check under the default profile, and import refuses the bundle with it`, async () => {
      const dir = join(FIXTURE_EXAMPLES, code, 'fail');
      const report = await checkDirectory(nodeCheckSource(dir), { config: null });
      expect(report.ok).toBe(false);
      expect(report.problems.filter((p) => p.code === code).map((p) => [p.file, p.severity])).toEqual([[BUNDLE, 'error']]);
      const imported = await importBundle(readFileSync(join(dir, BUNDLE), 'utf8'), { files: memoryFiles(), records: memoryRecords() });
      expect(imported.ok).toBe(false);
      expect((imported.problems ?? []).filter((p) => p.code === code).map((p) => p.severity)).toEqual(['error']);
    });

    it(`the intact bundle of ${code}'s example checks clean and imports`, async () => {
      const dir = join(FIXTURE_EXAMPLES, code, 'pass');
      const report = await checkDirectory(nodeCheckSource(dir), { config: null });
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
      const imported = await importBundle(readFileSync(join(dir, BUNDLE), 'utf8'), { files: memoryFiles(), records: memoryRecords() });
      expect(imported.ok).toBe(true);
    });
  }
});
