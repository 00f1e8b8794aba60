/**
 * Whether `list[k]` also occurs before position k (`===`), for list checks that
 * report repeats: short lists are scanned, longer ones indexed once, so a
 * hostile 100,000-item list costs one pass, not a scan per item.
 * @example repeatsIn(['a', 'b', 'a'])(2) // true
 */
export function repeatsIn(list: unknown): (k: number) => boolean {
  if (!Array.isArray(list) || list.length < 2) return never;
  if (list.length <= 16) {
    // A list without repeats, the usual one, answers with the shared `never`: no closure per list.
    for (let k = 1; k < list.length; k++) if (list.indexOf(list[k]) < k) return (j) => list.indexOf(list[j]) < j;
    return never;
  }
  const firstAt = new Map<unknown, number>();
  list.forEach((x, k) => firstAt.has(x) || firstAt.set(x, k));
  return (k) => firstAt.get(list[k])! < k;
}

const never = () => false;

/** True when `a` and `b` hold the same values, each list read as a set. */
export function sameMembers(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length <= 16 && b.length <= 16) return a.every((x) => b.includes(x)) && b.every((x) => a.includes(x));
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
}
