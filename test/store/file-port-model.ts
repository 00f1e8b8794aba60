// The FilePort contract as a model: any sequence of writes, renames and removes
// must leave a port holding what `memoryFiles` holds after the same sequence,
// and fail (throw) exactly where it fails.
import fc from 'fast-check';
import { expect } from 'vitest';
import { type FilePort, memoryFiles } from '../../src/services/store/index.js';

const enc = new TextEncoder();
const dec = new TextDecoder();
const PATHS = ['a.json', 'b.json', 'dir/c.md', 'dir/d.md', 'dir/sub/e.txt'] as const;

export type FileOp = { kind: 'write'; path: string; data: string } | { kind: 'rename'; from: string; to: string } | { kind: 'remove'; path: string };

const path = fc.constantFrom(...PATHS);
/** One file operation on a small set of paths, so renames and removes often meet existing files. */
export const fileOp: fc.Arbitrary<FileOp> = fc.oneof(
  fc.record({ kind: fc.constant('write' as const), path, data: fc.string({ maxLength: 8 }) }),
  fc.record({ kind: fc.constant('rename' as const), from: path, to: path }),
  fc.record({ kind: fc.constant('remove' as const), path }),
);

async function apply(port: FilePort, o: FileOp): Promise<'ok' | 'threw'> {
  try {
    if (o.kind === 'write') await port.write(o.path, enc.encode(o.data));
    else if (o.kind === 'rename') await port.rename(o.from, o.to);
    else await port.remove(o.path);
    return 'ok';
  } catch {
    return 'threw';
  }
}

async function contents(port: FilePort): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const p of await port.list('')) out[p] = dec.decode((await port.read(p))!);
  return out;
}

/** Applies `ops` to `port` and to a fresh `memoryFiles`, and expects the same outcomes, files and listings. */
export async function expectLikeModel(port: FilePort, ops: readonly FileOp[]): Promise<void> {
  const model = memoryFiles();
  for (const o of ops) expect(await apply(port, o), JSON.stringify(o)).toBe(await apply(model, o));
  expect(await contents(port)).toEqual(await contents(model));
  expect(await port.list('dir')).toEqual(await model.list('dir'));
}
