// A signed note may carry any number of signature lines, and a reader that
// looks at all of them can be made to do unbounded work (base64 decoding, key
// lookups) by a hostile note. Go's note.Open reads at most 100; parseCheckpoint
// now refuses a note with more, as ledger.checkpoint-invalid.
import { describe, expect, it } from 'vitest';
import { checkpoint, formatCheckpoint, parseCheckpoint } from '../../src/ledger/index.js';
import { MAX_SIGNATURES, toBase64 } from '../../src/ledger/checkpoint.js';

const body = formatCheckpoint({ origin: 'example.com/log', ...checkpoint([{ a: 1 }]) });
const sigLine = (i: number) => `— signer${i} ${toBase64(new Uint8Array(68).fill(i % 256))}`;
const note = (n: number) => `${body}\n${Array.from({ length: n }, (_, i) => sigLine(i)).join('\n')}\n`;

describe('signed note: too many signatures', () => {
  it('reads a note with exactly the limit of signature lines', () => {
    const parsed = parseCheckpoint(note(MAX_SIGNATURES));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.value.signatures).toHaveLength(MAX_SIGNATURES);
  });

  it('refuses a note with one signature line more than the limit', () => {
    const parsed = parseCheckpoint(note(MAX_SIGNATURES + 1));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems.map((p) => p.code)).toEqual(['ledger.checkpoint-invalid']);
  });
});
