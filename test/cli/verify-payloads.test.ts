// `memkit verify` looks a productContext.md entry's payload up as `memkit check` does: beside the
// ledger, then at the root (the working directory), with `..` allowed up to the root and never past it.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/kernel/problems/index.js';
import { copyExample, runCli } from './helpers.js';

const PRODUCT = 'memory-bank/productContext.md';
const VISION = 'memory-bank/payloads/product-vision.json';
const dirs: { done: () => void }[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.done();
});

/** A copy of examples/agent-memory whose productContext.md entry names its payload at `loc`. */
function exampleWithPayloadAt(loc: string): string {
  const ex = copyExample('agent-memory');
  dirs.push(ex);
  const path = join(ex.dir, PRODUCT);
  const text = readFileSync(path, 'utf8');
  const after = text.replace('"payload_loc":"payloads/product-vision.json"', `"payload_loc":${JSON.stringify(loc)}`);
  expect(after).not.toBe(text);
  writeFileSync(path, after);
  return ex.dir;
}

const codesOf = async (dir: string, args: string[]) => {
  const r = await runCli([...args, '--format', 'json'], { cwd: dir });
  return (JSON.parse(r.stdout) as { problems: Problem[] }).problems.filter((p) => p.file === PRODUCT).map((p) => `${p.code}|${p.severity}|${p.line}`);
};

describe('memkit verify resolves payload_loc as memkit check does (a `..` up to the root was not followed)', () => {
  it('a payload_loc climbing from the ledger to the root finds the payload check finds, and both compare its hash', async () => {
    const dir = exampleWithPayloadAt('../payloads/product-vision.json');
    mkdirSync(join(dir, 'payloads'));
    cpSync(join(dir, VISION), join(dir, 'payloads', 'product-vision.json'));
    expect(await codesOf(dir, ['verify', PRODUCT])).toEqual([]);
    expect(await codesOf(dir, ['check', '.'])).toEqual([]);
    writeFileSync(join(dir, 'payloads', 'product-vision.json'), '{}');
    expect(await codesOf(dir, ['verify', PRODUCT])).toEqual(['ledger.payload-hash-mismatch|error|5']);
    expect(await codesOf(dir, ['check', '.'])).toEqual(['ledger.payload-hash-mismatch|error|5']);
  });

  it('a payload_loc leaving the root is not read', async () => {
    const dir = exampleWithPayloadAt('../../product-vision.json');
    writeFileSync(join(dir, '..', 'product-vision.json'), readFileSync(join(dir, VISION)));
    expect(await codesOf(dir, ['verify', PRODUCT])).toEqual(['ledger.payload-missing|warning|5']);
  });

  it('a ledger outside the working directory finds its payload beside it', async () => {
    const ex = copyExample('agent-memory');
    dirs.push(ex);
    const r = await runCli(['verify', join(ex.dir, PRODUCT), '--format', 'json'], { cwd: join(ex.dir, 'threads') });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { problems: Problem[] }).problems).toEqual([]);
    writeFileSync(join(ex.dir, VISION), '{}');
    const broken = await runCli(['verify', join(ex.dir, PRODUCT), '--format', 'json'], { cwd: join(ex.dir, 'threads') });
    expect(broken.code).toBe(1);
    expect((JSON.parse(broken.stdout) as { problems: Problem[] }).problems.map((p) => p.code)).toEqual(['ledger.payload-hash-mismatch']);
  });
});
