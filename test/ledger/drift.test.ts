import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/check/index.js';
import { verify, verifyText } from '../../src/ledger/index.js';
import type { Problem } from '../../src/problems/index.js';
import { memoryFiles } from '../../src/store/file-port.js';

const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'agent-memory');

function load(dir: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = join(d, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out[relative(dir, abs).split(sep).join('/')] = new Uint8Array(readFileSync(abs));
    }
  };
  walk(dir);
  return out;
}

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const bytes = (s: string) => new TextEncoder().encode(s);
const check = (files: Record<string, Uint8Array>) => checkDirectory(sourceFromFilePort(memoryFiles(files)));
/** Code and severity of each problem in `file`, sorted. */
const found = (problems: readonly Problem[], file?: string) =>
  problems
    .filter((p) => file === undefined || p.file === file)
    .map((p) => `${p.code}:${p.severity}`)
    .sort();

describe('drift defect "payload hash case": check and verify compare payload_hash alike', () => {
  const PC = 'memory-bank/productContext.md';
  const PAYLOAD = 'memory-bank/payloads/product-vision.json';

  it('an uppercase payload_hash that names the payload passes memkit check and memkit verify', async () => {
    const files = load(EXAMPLE);
    const upper = text(files[PC]!).replace(/"payload_hash":"([0-9a-f]{64})"/, (_, h: string) => `"payload_hash":"${h.toUpperCase()}"`);
    expect(upper).not.toBe(text(files[PC]!));
    files[PC] = bytes(upper);
    const checked = found((await check(files)).problems, PC);
    const payloads = (loc: string) => (loc === 'payloads/product-vision.json' ? files[PAYLOAD] : undefined);
    const verifiedText = found(verifyText(upper, { format: 'product-context', file: PC, payloads }).problems);
    const verified = found((await verify(upper, { format: 'product-context', file: PC, payloads })).problems);
    expect(checked).not.toContain('ledger.payload-hash-mismatch:error');
    expect(verified).not.toContain('ledger.payload-hash-mismatch:error');
    // The case is a convention: warned about, never a mismatch, and the same on both surfaces.
    expect(verifiedText).toEqual(verified);
    expect(checked).toEqual(verified);
  });

  it('an uppercase payload_hash that names another payload is a mismatch on both', async () => {
    const files = load(EXAMPLE);
    files[PAYLOAD] = bytes('{"vision":"a todo app"}\n');
    const upper = text(files[PC]!).replace(/"payload_hash":"([0-9a-f]{64})"/, (_, h: string) => `"payload_hash":"${h.toUpperCase()}"`);
    files[PC] = bytes(upper);
    const checked = found((await check(files)).problems, PC);
    const verified = found((await verify(upper, { format: 'product-context', file: PC, payloads: () => files[PAYLOAD] })).problems);
    expect(checked).toContain('ledger.payload-hash-mismatch:error');
    expect(checked).toEqual(verified);
  });
});
