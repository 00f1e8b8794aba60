import { iterateChunks } from '../../syntax/chunks.js';

/** Chunks of a bundle: bytes or text, sync or async, or a web `ReadableStream`. */
export type ByteChunks = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string> | ReadableStream<Uint8Array | string>;

/**
 * A bundle that can be read more than once (import verifies in one pass and
 * applies in a second): the whole text or bytes, or a function that opens a
 * fresh stream each time it is called.
 */
export type BundleSource = string | Uint8Array | (() => ByteChunks);

/** Anything import accepts; a one-shot stream is spooled first (see `ImportOptions.spool`). */
export type BundleInput = BundleSource | ByteChunks;

const SLICE = 1 << 20;

/** Splits a string into slices of about 1 MiB that never cut a surrogate pair. */
export function* sliceText(text: string): Generator<string> {
  let i = 0;
  while (i < text.length) {
    let end = Math.min(text.length, i + SLICE);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end++;
    yield text.slice(i, end);
    i = end;
  }
}

/** Opens a re-readable {@link BundleSource} as chunks. */
export function openSource(source: BundleSource): ByteChunks {
  if (typeof source === 'string') return sliceText(source);
  if (source instanceof Uint8Array) return [source];
  return source();
}

/** True when `input` can be read twice as is. */
export function isReopenable(input: BundleInput): input is BundleSource {
  return typeof input === 'string' || input instanceof Uint8Array || typeof input === 'function';
}

/** Where a one-shot stream is spooled: chunks appended, then read back any number of times. */
export interface Spool {
  /** Appends a chunk. */
  append(chunk: Uint8Array): Promise<void> | void;
  /** Reads everything appended so far. */
  open(): ByteChunks;
  /** Frees the spool. */
  dispose?(): Promise<void> | void;
}

/** A spool in memory (memory grows with the bundle; pass a file-backed spool for huge bundles). */
export function memorySpool(): Spool {
  const chunks: Uint8Array[] = [];
  return {
    append(chunk) {
      chunks.push(chunk.slice());
    },
    open: () => chunks,
    dispose() {
      chunks.length = 0;
    },
  };
}

const encoder = new TextEncoder();

/** The chunks as bytes: text as UTF-8, a surrogate pair cut between two text chunks encoded whole. */
export async function* utf8Chunks(chunks: ByteChunks): AsyncGenerator<Uint8Array> {
  let pendingHigh = '';
  for await (const chunk of iterateChunks(chunks)) {
    if (typeof chunk !== 'string') {
      yield chunk;
      continue;
    }
    let text = pendingHigh + chunk;
    pendingHigh = '';
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      pendingHigh = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text.length > 0) yield encoder.encode(text);
  }
  if (pendingHigh !== '') yield encoder.encode(pendingHigh);
}

/** Copies a one-shot stream into `spool` and returns a re-readable source over it. */
export async function spoolInput(chunks: ByteChunks, spool: Spool): Promise<BundleSource> {
  for await (const bytes of utf8Chunks(chunks)) await spool.append(bytes);
  return () => spool.open();
}
