import type { CheckSource } from '../check/source.js';
import { nodeCheckSource as nodeSource } from '../node/check-source.js';

/** The CLI's {@link CheckSource}: `memkit/node`'s confined directory source with the `--max-file-size` limit. */
export function nodeCheckSource(root: string, maxFileBytes: number): CheckSource {
  return nodeSource(root, { maxFileBytes });
}
