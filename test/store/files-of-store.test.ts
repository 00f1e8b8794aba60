import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSqliteStore, sqliteWasm } from '../../src/adapters/sqlite/index.js';
import { unwrap } from '../../src/kernel/problems/index.js';
import { type FilePort, type Store, memoryStore, storeFiles } from '../../src/services/store/index.js';
import { expectLikeModel, fileOp } from './file-port-model.js';

const enc = new TextEncoder();
const dec = new TextDecoder();
const text = async (port: FilePort, path: string) => {
  const b = await port.read(path);
  return b === undefined ? undefined : dec.decode(b);
};
const stores: [string, () => Promise<Store>][] = [
  ['the in-memory store', async () => memoryStore()],
  ['the SQLite store', async () => unwrap(await openSqliteStore({ engine: sqliteWasm() }))],
];

describe('storeFiles', () => {
  for (const [name, open] of stores) {
    it(`behaves like memoryFiles over any sequence of writes, renames and removes: ${name} (property)`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fileOp, { maxLength: 14 }), async (ops) => {
          const store = await open();
          await expectLikeModel(storeFiles(store), ops);
          await store.close();
        }),
        { numRuns: 60 },
      );
    });

    it(`keeps a file renamed onto itself: ${name}`, async () => {
      const store = await open();
      const port = storeFiles(store);
      await port.write('a.json', enc.encode('{}'));
      await port.rename('a.json', 'a.json');
      expect(await text(port, 'a.json')).toBe('{}');
      await store.close();
    });

    it(`renames in one transaction: a failure half-way leaves both files as they were: ${name}`, async () => {
      const store = await open();
      await storeFiles(store).write('from.json', enc.encode('new'));
      await storeFiles(store).write('to.json', enc.encode('old'));
      // The store's transaction hands out ops whose delete fails after the target was written.
      const failing: Store = {
        ...store,
        transaction: (fn) =>
          store.transaction((tx) =>
            fn({
              ...tx,
              deleteFile: async () => {
                throw new Error('disk gone');
              },
            }),
          ),
      };
      await expect(storeFiles(failing).rename('from.json', 'to.json')).rejects.toThrow('disk gone');
      expect(await text(storeFiles(store), 'to.json')).toBe('old');
      expect(await text(storeFiles(store), 'from.json')).toBe('new');
      await store.close();
    });
  }

  it('inside a transaction, works on the transaction', async () => {
    const store = memoryStore();
    await store.transaction(async (tx) => {
      const port = storeFiles(tx);
      await port.write('x.json', enc.encode('1'));
      await port.rename('x.json', 'y.json');
      expect(await port.list('')).toEqual(['y.json']);
    });
    expect(await storeFiles(store).list('')).toEqual(['y.json']);
  });
});
