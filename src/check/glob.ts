/**
 * Compiles a path glob to a test: `*` matches within one path segment, `**`
 * any number of whole segments (`a/**` also matches `a` itself and `**\/x`
 * matches `x` at the root), `?` one character other than `/`; every other
 * character matches itself. A pattern with no `/` matches the base name at
 * any depth (`*.tmp` is `**\/*.tmp`). Paths use `/` separators.
 * @example globMatcher('notes/**')('notes/a/b.md') // true
 */
export function globMatcher(glob: string): (path: string) => boolean {
  let pattern = glob.startsWith('./') ? glob.slice(2) : glob;
  if (pattern.endsWith('/')) pattern += '**';
  if (!pattern.includes('/')) pattern = `**/${pattern}`;
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      const atStart = i === 0 || pattern[i - 1] === '/';
      const atEnd = i + 2 === pattern.length || pattern[i + 2] === '/';
      if (atStart && atEnd) {
        // `**/` : zero or more whole segments; a trailing `**`: everything below (and the directory itself).
        if (i + 2 === pattern.length) re = re.endsWith('/') ? `${re.slice(0, -1)}(?:/.*)?` : `${re}.*`;
        else {
          re += '(?:[^/]*/)*';
          i++;
        }
        i++;
        continue;
      }
      re += '[^/]*';
      i++;
      continue;
    }
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  const compiled = new RegExp(`^${re}$`, 'u');
  return (path) => compiled.test(path);
}

/** A test matching a path any of `globs` matches (see {@link globMatcher}). */
export function anyGlob(globs: readonly string[]): (path: string) => boolean {
  const tests = globs.map(globMatcher);
  return (path) => tests.some((t) => t(path));
}
