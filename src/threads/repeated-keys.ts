import { IntList } from '../graph/csr.js';
import { StringIndex, hashString } from '../graph/string-index.js';

/**
 * Finds the items of a list whose key an earlier item already has, in one
 * walk over the list plus a short second look at a few items. Each key sets
 * one bit of a bitset about a byte per item wide, which stays in cache where
 * a hash table of 100,000 keys (2 MiB) does not. An item whose bit was clear
 * repeats nothing; only items on a bit that two keys set (a few in a hundred)
 * are looked at again, in {@link RepeatedKeys.repeats}: first by the full
 * 32-bit hash of their key, kept from the walk, and only those whose full hash
 * another of them shares are compared exactly (their keys read again).
 * @example
 * const keys = new RepeatedKeys(3);
 * ['a', 'b', 'a'].forEach((k, i) => keys.add(i, k));
 * keys.repeats((i) => ['a', 'b', 'a'][i]) // Int32Array [2, 0]: item 2 repeats item 0
 */
export class RepeatedKeys {
  readonly #mask: number;
  readonly #once: Int32Array;
  readonly #twice: Int32Array;
  /** The hash of each item's key, for items with `#keyed[i] === 1`. */
  readonly #hashOf: Int32Array;
  readonly #keyed: Uint8Array;
  readonly #hash: (key: string) => number;
  #shared = 0;

  /** For items `0 .. count`; `hash` is for tests (a weak one makes keys collide). */
  constructor(count: number, hash: (key: string) => number = hashString) {
    let bits = 1024;
    while (bits < 8 * count) bits *= 2;
    this.#mask = bits - 1;
    this.#once = new Int32Array(bits >>> 5);
    this.#twice = new Int32Array(bits >>> 5);
    this.#hashOf = new Int32Array(count);
    this.#keyed = new Uint8Array(count);
    this.#hash = hash;
  }

  /** Notes `key` as the key of item `i`; true when it may repeat an earlier key (false: it surely does not). */
  add(i: number, key: string): boolean {
    const h = this.#hash(key) | 0;
    this.#hashOf[i] = h;
    this.#keyed[i] = 1;
    const b = h & this.#mask;
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
    const hashOf = this.#hashOf;
    const keyed = this.#keyed;
    const twice = this.#twice;
    const mask = this.#mask;
    // The items on a shared bit (at most twice the items that found their bit set).
    const onShared = new IntList(2 * this.#shared);
    for (let i = 0; i < hashOf.length; i++) {
      if (keyed[i] === 0) continue;
      const b = hashOf[i]! & mask;
      if ((twice[b >>> 5]! & (1 << (b & 31))) !== 0) onShared.push(i);
    }
    // How many of them have each full hash: an open-addressing table of (hash, count).
    let size = 16;
    while (size < 2 * onShared.length) size *= 2;
    const slotHash = new Int32Array(size);
    const slotCount = new Int32Array(size);
    const slotOf = (h: number): number => {
      let s = (h ^ (h >>> 15)) & (size - 1);
      while (slotCount[s] !== 0 && slotHash[s] !== h) s = (s + 1) & (size - 1);
      return s;
    };
    const items = onShared.values();
    for (let k = 0; k < items.length; k++) {
      const h = hashOf[items[k]!]!;
      const s = slotOf(h);
      slotHash[s] = h;
      slotCount[s]!++;
    }
    // Only items whose full hash another item shares can repeat: their keys are compared exactly.
    const keys: string[] = [];
    const firsts: number[] = [];
    const index = new StringIndex(items.length, (j) => keys[j]);
    const out: number[] = [];
    for (let k = 0; k < items.length; k++) {
      const i = items[k]!;
      if (slotCount[slotOf(hashOf[i]!)]! < 2) continue;
      const key = keyAt(i);
      if (key === undefined) continue;
      const before = index.add(key, keys.length);
      if (before === -1) {
        keys.push(key);
        firsts.push(i);
      } else out.push(i, firsts[before]!);
    }
    return Int32Array.from(out);
  }
}
