import type { Hasher } from '../../kernel/canonical/index.js';

/** Bytes of lines hashed together (a line this long or longer is a block of its own). */
const BLOCK_BYTES = 64 * 1024;

/**
 * Cuts lines into blocks of about 64 KiB and hashes each (the lines' bytes,
 * each followed by `\n`; a line of 64 KiB or more alone). Where blocks end
 * depends only on the line lengths, so the same lines give the same hashes:
 * import's apply pass holds a block's writes until it hashes as verified.
 */
export class LineBlocks {
  private buf = new Uint8Array(BLOCK_BYTES);
  private len = 0;
  /** Index of the block the next line goes to. */
  blocks = 0;

  constructor(private readonly hasher: Hasher) {}

  /**
   * Adds one line (without its newline). Returns the blocks this completes
   * (0, 1 or 2: the one it does not fit in, and itself when it is a block of
   * its own) and the index of the block the line belongs to.
   */
  add(line: Uint8Array): { block: number; done: Uint8Array[] } {
    const done: Uint8Array[] = [];
    if (this.len > 0 && this.len + line.length + 1 > BLOCK_BYTES) done.push(this.cut());
    const block = this.blocks;
    if (line.length + 1 >= BLOCK_BYTES) {
      // Hashed in place: no copy of a long line. It holds no `\n`, so it cannot equal a block of several lines.
      done.push(this.hasher.sha256(line).slice());
      this.blocks++;
    } else {
      this.buf.set(line, this.len);
      this.len += line.length;
      this.buf[this.len++] = 10;
    }
    return { block, done };
  }

  /** Completes the last block; its hash, or `undefined` when it is empty. */
  finish(): Uint8Array | undefined {
    return this.len > 0 ? this.cut() : undefined;
  }

  private cut(): Uint8Array {
    const h = this.hasher.sha256(this.buf.subarray(0, this.len)).slice();
    this.len = 0;
    this.blocks++;
    return h;
  }
}
