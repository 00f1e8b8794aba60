import { type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { WBS_TYPES } from '../../schema/wbs.js';

/** An entity type by depth: 1 epic, 2 feature, 3 task. */
export type WbsType = (typeof WBS_TYPES)[number];

/** The greatest depth a WBS id may have (epic → feature → task). */
export const MAX_WBS_DEPTH = 3;

/** A parsed WBS id. */
export interface ParsedWbsId {
  /** The id as written, e.g. `1.10.2`. */
  id: string;
  /** Its numeric components, e.g. `[1, 10, 2]`. */
  parts: number[];
  /** 1 to 3. */
  depth: number;
  /** The parent id, `null` for a root. */
  parent: string | null;
  /** The type its depth implies. */
  type: WbsType;
}

const COMPONENT = /^[1-9][0-9]*$/;

/** Why `id` is not a WBS id, or `undefined` when it is one. */
export function wbsIdError(id: unknown): string | undefined {
  if (typeof id !== 'string') return `a WBS id must be a string, not ${id === null ? 'null' : typeof id}`;
  if (id === '') return 'a WBS id must not be empty';
  const parts = id.split('.');
  if (parts.length > MAX_WBS_DEPTH) return `"${id}" is ${parts.length} levels deep; WBS ids have at most ${MAX_WBS_DEPTH} (epic.feature.task)`;
  for (const p of parts) {
    if (p === '') return `"${id}" has an empty component`;
    if (!COMPONENT.test(p)) return /^[0-9]+$/.test(p) ? `"${id}" has a component "${p}" that is zero or has a leading zero` : `"${id}" has a non-numeric component "${p}"`;
    if (p.length > 15) return `"${id}" has a component too large to compare exactly`;
  }
  return undefined;
}

/** True when `id` is a well-formed WBS id (`1`, `1.2`, `1.2.3`). */
export function isWbsId(id: unknown): id is string {
  return typeof id === 'string' && WBS_RE.test(id);
}

/** What {@link isWbsId} accepts: one to three components of 1-15 digits, none zero or zero-led. */
export const WBS_RE = /^[1-9][0-9]{0,14}(?:\.[1-9][0-9]{0,14}){0,2}$/;

/**
 * Parses a WBS id.
 * @example parseWbsId('1.10.2') // ok: { parts: [1, 10, 2], depth: 3, parent: '1.10', type: 'task' }
 */
export function parseWbsId(id: unknown): Result<ParsedWbsId> {
  const why = wbsIdError(id);
  if (why !== undefined) return fail([error('wbs.id-malformed', why)]);
  const s = id as string;
  const parts = s.split('.').map(Number);
  return ok({ id: s, parts, depth: parts.length, parent: wbsParent(s), type: typeForDepth(parts.length)! });
}

/** The parent of a WBS id (`1.2.3` → `1.2`, `1` → null); no validation. */
export function wbsParent(id: string): string | null {
  const cut = id.lastIndexOf('.');
  return cut === -1 ? null : id.slice(0, cut);
}

/** The depth of a WBS id (number of components); no validation. */
export function wbsDepth(id: string): number {
  let n = 1;
  for (let i = 0; i < id.length; i++) if (id.charCodeAt(i) === 46) n++;
  return n;
}

/** The entity type a depth implies, or `undefined` past depth 3. */
export function typeForDepth(depth: number): WbsType | undefined {
  return WBS_TYPES[depth - 1];
}

/**
 * Orders WBS ids numerically, parents first (`1 < 1.1 < 1.2 < 1.10 < 2`); malformed ids after, by code unit.
 * @example ['1.10', '1.9', '1'].sort(compareWbsIds) // ['1', '1.9', '1.10']
 */
export function compareWbsIds(a: string, b: string): number {
  if (a === b) return 0;
  const ga = WBS_RE.test(a);
  const gb = WBS_RE.test(b);
  if (ga !== gb) return ga ? -1 : 1;
  if (!ga) return a < b ? -1 : 1;
  // Skip the common prefix; a component's digits then decide by count (no leading zeros)
  // and, for equal counts, by the first differing digit.
  const n = Math.min(a.length, b.length);
  let k = 0;
  while (k < n && a.charCodeAt(k) === b.charCodeAt(k)) k++;
  if (k === n) return a.length - b.length; // one is the other plus more: parent or shorter number first
  const ca = a.charCodeAt(k);
  const cb = b.charCodeAt(k);
  if (ca === 46) return -1; // a's component ends here, b's goes on
  if (cb === 46) return 1;
  let ea = k;
  while (ea < a.length && a.charCodeAt(ea) !== 46) ea++;
  let eb = k;
  while (eb < b.length && b.charCodeAt(eb) !== 46) eb++;
  return ea !== eb ? ea - eb : ca - cb;
}
