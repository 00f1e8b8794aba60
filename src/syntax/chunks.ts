/** A source of text or byte chunks: sync or async iterable, or a web `ReadableStream`. */
export type ChunkSource<T = string | Uint8Array> = AsyncIterable<T> | Iterable<T> | ReadableStream<T>;

/**
 * Iterates any {@link ChunkSource} as async chunks, releasing a stream's
 * reader when iteration stops early. The one adapter every streaming reader
 * in memkit (JSON Lines, ledgers, bundles) uses.
 */
export async function* iterateChunks<T = string | Uint8Array>(source: ChunkSource<T>): AsyncGenerator<T> {
  const maybeStream = source as ReadableStream<T>;
  if (typeof maybeStream.getReader === 'function') {
    const reader = maybeStream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  if (Symbol.asyncIterator in (source as object)) yield* source as AsyncIterable<T>;
  else yield* source as Iterable<T>;
}
