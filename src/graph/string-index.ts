/**
 * An exact index from strings to item positions, for one batch of lookups
 * over a large list: open addressing in one flat `Int32Array` sized up front
 * (hash and position side by side, so a probe reads one cache line), where a
 * `Map` of 100,000 keys rehashes as it grows and follows chains through
 * scattered entries. A match is confirmed by comparing the key with
 * `keyOf(position)`, so hash collisions never give a wrong answer; a probe
 * run that grows too long (hostile keys) moves the index to a `Map`.
 */
export class StringIndex {
  readonly #keyOf: (position: number) => string | undefined;
  readonly #mask: number;
  readonly #maxRun: number;
  #slots: Int32Array | undefined;
  #map: Map<string, number> | undefined;

  /**
   * An empty index for about `capacity` keys; `keyOf(p)` is the key stored at
   * position p; `maxRun` probe steps are allowed before falling back to a `Map`.
   */
  constructor(capacity: number, keyOf: (position: number) => string | undefined, maxRun = MAX_RUN) {
    this.#maxRun = maxRun;
    let size = 16;
    while (size < 2 * capacity) size *= 2;
    this.#mask = size - 1;
    this.#slots = new Int32Array(2 * size);
    this.#keyOf = keyOf;
  }

  /** The position of `key`, or -1. */
  get(key: string): number {
    const slots = this.#slots;
    if (slots === undefined) return this.#map!.get(key) ?? -1;
    const h = hashString(key);
    for (let s = h & this.#mask, run = 0; ; s = (s + 1) & this.#mask, run++) {
      const at = slots[2 * s + 1]!;
      if (at === 0) return -1;
      if (slots[2 * s] === h && this.#keyOf(at - 1) === key) return at - 1;
      if (run >= this.#maxRun) return this.#fallBack().get(key);
    }
  }

  /** Adds `key` at `position` unless it is there already; returns the earlier position, or -1 when added. */
  add(key: string, position: number): number {
    const slots = this.#slots;
    if (slots === undefined) {
      const map = this.#map!;
      const before = map.get(key);
      if (before !== undefined) return before;
      map.set(key, position);
      return -1;
    }
    const h = hashString(key);
    for (let s = h & this.#mask, run = 0; ; s = (s + 1) & this.#mask, run++) {
      const at = slots[2 * s + 1]!;
      if (at === 0) {
        slots[2 * s] = h;
        slots[2 * s + 1] = position + 1;
        return -1;
      }
      if (slots[2 * s] === h && this.#keyOf(at - 1) === key) return at - 1;
      if (run >= this.#maxRun) return this.#fallBack().add(key, position);
    }
  }

  #fallBack(): this {
    const slots = this.#slots!;
    const map = new Map<string, number>();
    for (let s = 0; 2 * s < slots.length; s++) {
      const at = slots[2 * s + 1]!;
      if (at !== 0) map.set(this.#keyOf(at - 1)!, at - 1);
    }
    this.#slots = undefined;
    this.#map = map;
    return this;
  }
}

/** Probe steps before an index gives up on open addressing. */
const MAX_RUN = 64;

/**
 * FNV-1a over UTF-16 code units, seeded per process, with a final mix so the
 * low bits (a slot, a bit) depend on every character. Shared by the id tables.
 */
export function hashString(key: string): number {
  let h = SEED;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  return h ^ (h >>> 13);
}

/** Varies per process, so colliding keys cannot be prepared in advance cheaply (they would cost time, never a wrong answer). */
const SEED = (0x811c9dc5 ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
