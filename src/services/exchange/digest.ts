import { type Hasher, canonicalize, sha256Hex } from '../../kernel/canonical/index.js';

const encoder = new TextEncoder();

/**
 * The running bundle digest: `h0` = 32 zero bytes, `hi = sha256(h(i-1) ‖ line_i)`
 * over each record line's UTF-8 bytes, and `digest = hex(sha256(hn ‖
 * JCS(manifest without digest)))`: any change to a line, their order or the manifest changes it.
 *
 * @example
 * declare const recordLines: string[], manifest: ExportManifest;
 * const d = new BundleDigest(jsHasher);
 * for (const line of recordLines) d.addText(line);
 * d.finish(manifest); // '3f…'
 */
export class BundleDigest {
  private state: Uint8Array = new Uint8Array(32);
  private buf = new Uint8Array(4096);

  constructor(private readonly hasher: Hasher) {}

  private ensure(n: number): void {
    if (this.buf.length < n) this.buf = new Uint8Array(Math.max(n, this.buf.length * 2));
  }

  /** Adds one record line given as UTF-8 bytes (without its newline). */
  addBytes(line: Uint8Array): void {
    this.ensure(32 + line.length);
    this.buf.set(this.state, 0);
    this.buf.set(line, 32);
    this.state = this.hasher.sha256(this.buf.subarray(0, 32 + line.length));
  }

  /** Adds one record line given as text (without its newline). */
  addText(line: string): void {
    // UTF-8 needs at most 3 bytes per UTF-16 code unit.
    this.ensure(32 + line.length * 3);
    this.buf.set(this.state, 0);
    const { written } = encoder.encodeInto(line, this.buf.subarray(32));
    this.state = this.hasher.sha256(this.buf.subarray(0, 32 + written));
  }

  /** The digest of the lines added so far under `manifest` (its `digest` property is ignored). */
  finish(manifest: Record<string, unknown>): string {
    const { digest: _omit, ...rest } = manifest;
    return sha256Hex(new Uint8Array([...this.state, ...encoder.encode(canonicalize(rest))]), this.hasher);
  }
}
