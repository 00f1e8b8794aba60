import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkThreadStore } from '../../src/threads/index.js';

const read = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/threads', name), 'utf8'));

describe('thread store fixtures', () => {
  it('valid.json checks clean', () => {
    expect(checkThreadStore(read('valid.json'))).toEqual([]);
  });

  it('the seed example shape passes every rule except its non-semver "1.0" version', () => {
    expect(checkThreadStore(read('seed-example.json'))).toEqual([expect.objectContaining({ code: 'schema.pattern', pointer: '/version' })]);
  });
});
