import { pathToFileURL } from 'node:url';
import type { TokenCounter } from '../../schema/tokens.js';
import { UsageError } from './command.js';

/**
 * The token counter of `memkit check --tokenizer MODULE` (or the config's `tokenizer`): the default
 * export of the module at `abs`, a synchronous `(text) => number`. `name` says where the path came
 * from, for a usage error when the module cannot be loaded or exports no function. A count that is
 * not a non-negative number throws, which the validation reports as a problem of the entry.
 */
export async function loadTokenizer(abs: string, name: string): Promise<TokenCounter> {
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(abs).href)) as { default?: unknown };
  } catch (cause) {
    throw new UsageError(`${name}: cannot load the tokenizer module: ${(cause as Error)?.message ?? String(cause)}`);
  }
  const count = mod.default;
  if (typeof count !== 'function') throw new UsageError(`${name}: the module's default export is not a function (text) => number`);
  return (text) => {
    const n: unknown = count(text);
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) throw new Error(`${name} returned ${typeof n === 'number' ? n : typeof n}, not a token count (a synchronous (text) => number)`);
    return n;
  };
}
