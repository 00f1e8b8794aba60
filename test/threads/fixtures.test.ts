import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkThreadStore } from '../../src/services/threads/index.js';

const read = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/threads', name), 'utf8'));

describe('thread store fixtures', () => {
  it('valid.json checks clean', () => {
    expect(checkThreadStore(read('valid.json'))).toEqual([]);
  });

  it('the seed example shape passes every rule; its two-part "1.0" version is only the convention warning', () => {
    expect(checkThreadStore(read('seed-example.json'))).toEqual([expect.objectContaining({ code: 'threads.version-two-part', severity: 'warning', pointer: '/version' })]);
  });
});
