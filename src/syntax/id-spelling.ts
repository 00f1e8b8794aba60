import { type Problem, warning } from '../kernel/problems/index.js';

// memkit's one rule for ids that differ as strings but not to a reader, which every checker of
// unique ids runs its ids through (findIdCollisions): `id.unicode-collision` for ids equal after
// NFC (the same text to every reader), `id.lookalike` for ids equal after NFKC, removing invisible
// characters, mapping Cyrillic and Greek look-alikes to Latin and lower-casing (a typo or a spoof).
// Ids equal as strings are left to each format's own duplicate check.

// Invisible characters NFKC keeps: ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen, combining grapheme joiner.
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]|\u034f/g;

// Cyrillic and Greek letters drawn like Latin ones (lower case: the key is lower-cased first).
const LATIN_TWIN: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ɡ: 'g',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};
const TWINS = new RegExp(`[${Object.keys(LATIN_TWIN).join('')}]`, 'g');

// Plain ASCII without upper-case letters: the NFC form and the look-alike key are the id itself.
const PLAIN = /^[\x00-\x40\x5b-\x7f]*$/;
// ASCII: NFC and NFKC leave it as it is, so its look-alike key is its lower case.
const ASCII = /^[\x00-\x7f]*$/;

/** The NFC form of an id: two ids with one NFC form are one id. */
export function nfcId(id: string): string {
  return ASCII.test(id) ? id : id.normalize('NFC');
}

/**
 * The look-alike key of an id: NFKC, invisible characters removed, lower
 * case, Cyrillic and Greek twins of Latin letters mapped to them.
 * @example lookalikeKey('Ｔаsk\u200b-1') // 'task-1'
 */
export function lookalikeKey(id: string): string {
  if (ASCII.test(id)) return id.toLowerCase();
  const folded = id.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
  return folded.replace(TWINS, (c) => LATIN_TWIN[c]!).normalize('NFKC');
}

/** Two ids of one set that collide: `index` repeats `first` (indexes into the ids given). */
export interface IdCollision {
  kind: 'unicode' | 'lookalike';
  index: number;
  first: number;
}

/**
 * The ids of a set (`undefined` for a missing one) that collide with an earlier id of the same
 * {@link lookalikeKey}: `unicode` when the two have one {@link nfcId} form, else `lookalike`.
 * Ids equal as strings are not reported; plain lower-case ASCII ids cost one test each.
 */
export function findIdCollisions(ids: readonly (string | undefined)[]): IdCollision[] {
  if (ids.every((id) => id === undefined || PLAIN.test(id))) return [];
  // One map, by look-alike key (NFC-equal ids share it); a hit is `unicode` when the NFC forms are equal too.
  const byKey = new Map<string, number>();
  const out: IdCollision[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (id === undefined) continue;
    const nfc = nfcId(id);
    const key = lookalikeKey(nfc);
    const first = byKey.get(key);
    if (first === undefined) byKey.set(key, i);
    else if (ids[first] !== id) out.push({ kind: nfcId(ids[first]!) === nfc ? 'unicode' : 'lookalike', index: i, first });
  }
  return out;
}

/** An id with its non-ASCII and invisible characters shown as `\u` escapes, so two spellings can be told apart. */
export function visibleId(id: string): string {
  const shown = JSON.stringify(id.length > 120 ? `${id.slice(0, 120)}…` : id);
  return shown.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The problem for one collision: `what` names the ids ("thread id"), `id` and `firstId` the two
 * spellings, `firstAt` where the first is, `where` this one.
 * @example idCollisionProblem({ kind: 'unicode', index: 1, first: 0 }, 'thread id', 'cafe\u0301', 'café', '/threads/café', { pointer: '/threads/cafe\u0301' })
 */
export function idCollisionProblem(c: IdCollision, what: string, id: string, firstId: string, firstAt: string, where: Omit<Problem, 'code' | 'severity' | 'message'>): Problem {
  return c.kind === 'unicode'
    ? warning('id.unicode-collision', `${what} ${visibleId(id)} is ${visibleId(firstId)} (at ${firstAt}) in another Unicode spelling: the same id after NFC normalisation`, where)
    : warning('id.lookalike', `${what} ${visibleId(id)} looks like ${visibleId(firstId)} (at ${firstAt}): equal after NFKC, case folding and mapping look-alike letters`, where);
}
