/**
 * Compiles a path glob to a test: `*` matches within one path segment, `**`
 * any number of whole segments (`a/**` also matches `a` itself and `**\/x`
 * matches `x` at the root), `?` one character other than `/`; every other
 * character matches itself. A pattern with no `/` matches the base name at
 * any depth (`*.tmp` is `**\/*.tmp`); one ending in `/` matches everything
 * below it. Paths use `/` separators.
 *
 * Matching uses no regular expression: segments are matched by dynamic
 * programming and each segment by the two-pointer wildcard scan, so a hostile
 * pattern (a config from an untrusted change) costs at most pattern length
 * times path length, never exponential backtracking.
 * @example globMatcher('notes/**')('notes/a/b.md') // true
 */
export function globMatcher(glob: string): (path: string) => boolean {
  let pattern = glob.startsWith('./') ? glob.slice(2) : glob;
  if (pattern.endsWith('/')) pattern += '**';
  if (!pattern.includes('/')) pattern = `**/${pattern}`;
  const segments: string[] = [];
  // Consecutive `**` segments mean the same as one.
  for (const s of pattern.split('/')) if (!(s === '**' && segments[segments.length - 1] === '**')) segments.push(s);
  return (path) => matchSegments(segments, path.split('/'));
}

/** A test matching a path any of `globs` matches (see {@link globMatcher}). */
export function anyGlob(globs: readonly string[]): (path: string) => boolean {
  const tests = globs.map(globMatcher);
  return (path) => tests.some((t) => t(path));
}

function matchSegments(pattern: readonly string[], path: readonly string[]): boolean {
  // can[j]: pattern[i..] matches path[j..], computed from the last pattern segment back.
  let can = new Array<boolean>(path.length + 1).fill(false);
  can[path.length] = true;
  for (let i = pattern.length - 1; i >= 0; i--) {
    const p = pattern[i]!;
    const next = new Array<boolean>(path.length + 1).fill(false);
    if (p === '**') {
      // Zero segments, or one segment then `**` again.
      for (let j = path.length; j >= 0; j--) next[j] = can[j]! || (j < path.length && next[j + 1]!);
    } else {
      for (let j = 0; j < path.length; j++) next[j] = can[j + 1]! && matchSegment(p, path[j]!);
    }
    can = next;
  }
  return can[0]!;
}

/** `*` and `?` within one segment: the classic scan that backs up only to the last `*`. */
function matchSegment(p: string, s: string): boolean {
  let pi = 0;
  let si = 0;
  let star = -1;
  let mark = 0;
  while (si < s.length) {
    if (pi < p.length && (p[pi] === '?' || (p[pi] !== '*' && p[pi] === s[si]))) {
      pi++;
      si++;
    } else if (pi < p.length && p[pi] === '*') {
      star = pi++;
      mark = si;
    } else if (star >= 0) {
      pi = star + 1;
      si = ++mark;
    } else return false;
  }
  while (pi < p.length && p[pi] === '*') pi++;
  return pi === p.length;
}
