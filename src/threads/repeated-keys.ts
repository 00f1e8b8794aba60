import { StringIndex, hashString } from '../wbs/string-index.js';

/**
 * Finds the items of a list whose key an earlier item already has, in one
 * walk over the list plus a short second look at a few items. Each key sets
 * one bit of a bitset about a byte per item wide, which stays in cache where
 * a hash table of 100,000 keys (2 MiB) does not. An item whose bit was clear
 * repeats nothing; only items on a bit that two keys set (a few in a hundred)
 * are compared exactly, in {@link RepeatedKeys.repeats}.
 * @example
 * const keys = new RepeatedKeys(3);
 * ['a', 'b', 'a'].forEach((k, i) => keys.add(i, k));
 * keys.repeats((i) => ['a', 'b', 'a'][i]) // Int32Array [2, 0]: item 2 repeats item 0
 */
export class RepeatedKeys {
  readonly #mask: number;
  readonly #once: Int32Array;
  readonly #twice: Int32Array;
  /** The bit of each item's key, or -1 for an item with no key. */
  readonly #bitOf: Int32Array;
  #shared = 0;

  /** For items `0 .. count`. */
  constructor(count: number) {
    let bits = 1024;
    while (bits < 8 * count) bits *= 2;
    this.#mask = bits - 1;
    this.#once = new Int32Array(bits >>> 5);
    this.#twice = new Int32Array(bits >>> 5);
    this.#bitOf = new Int32Array(count).fill(-1);
  }

  /** Notes `key` as the key of item `i`; true when it may repeat an earlier key (false: it surely does not). */
  add(i: number, key: string): boolean {
    const b = hashString(key) & this.#mask;
    this.#bitOf[i] = b;
    const word = b >>> 5;
    const bit = 1 << (b & 31);
    if ((this.#once[word]! & bit) === 0) {
      this.#once[word]! |= bit;
      return false;
    }
    this.#twice[word]! |= bit;
    this.#shared++;
    return true;
  }

  /**
   * Pairs `item, first` (flat, in item order) for each item added whose key
   * an earlier item has, `first` being the first item with that key.
   * `keyAt(i)` gives item i's key again, as added.
   */
  repeats(keyAt: (i: number) => string | undefined): Int32Array {
    if (this.#shared === 0) return new Int32Array(0);
    const bitOf = this.#bitOf;
    const twice = this.#twice;
    // Items on a shared bit number at most twice the items that found their bit set.
    const keys: string[] = [];
    const items: number[] = [];
    const index = new StringIndex(2 * this.#shared, (j) => keys[j]);
    const out: number[] = [];
    for (let i = 0; i < bitOf.length; i++) {
      const b = bitOf[i]!;
      if (b === -1 || (twice[b >>> 5]! & (1 << (b & 31))) === 0) continue;
      const key = keyAt(i);
      if (key === undefined) continue;
      const before = index.add(key, keys.length);
      if (before === -1) {
        keys.push(key);
        items.push(i);
      } else out.push(i, items[before]!);
    }
    return Int32Array.from(out);
  }
}
