import { type Hasher, jsHasher, sha256Hex } from '../../kernel/canonical/index.js';
import { type Problem, type Result, error, fail, hasErrors, inFile, ok, warning } from '../../kernel/problems/index.js';
import { isTwoPartVersion } from '../../schema/semver.js';
import { validate, type ValidateOptions } from '../../schema/validate.js';
import { guard } from '../../syntax/guard.js';
import { type FrontmatterDoc, type FrontmatterOptions, parseFrontmatter, splitFrontmatter } from '../../syntax/frontmatter.js';

/** A parsed `systemPatterns.md`. */
export interface SystemPatterns {
  /** The header (frontmatter, or its `header:` mapping), valid against its schema; spelled out, not `Static<…>`, to spare consumers TypeBox types. */
  header: { version: string; hash: string; locked_by: string; immutable: true; [field: string]: unknown };
  /** The bytes after the closing `---` line (its newline excluded), as text. */
  body: string;
  /** SHA-256 hex of the body's UTF-8 bytes. */
  bodyHash: string;
  doc: FrontmatterDoc;
}

/** Options for {@link parseSystemPatterns}. */
export interface SystemPatternsOptions extends FrontmatterOptions {
  hasher?: Hasher;
  /** Check `header.hash` against the body (default true; a mismatch is `system-patterns.hash-mismatch`). */
  verifyHash?: boolean;
  validateOptions?: ValidateOptions;
  /** The text's frontmatter as `parseFrontmatter` (not optional) already read it, for a caller that needs it too: the text is then not parsed again. */
  frontmatter?: Result<FrontmatterDoc>;
}

/**
 * The body hash of `systemPatterns.md`: SHA-256 hex of the bytes after the frontmatter's closing `---`
 * line; `undefined` without a closed frontmatter. Does not parse the YAML.
 *
 * @example systemPatternsBodyHash('---\nversion: 1.0.0\n---\nbody\n') // sha256('body\n')
 */
export function systemPatternsBodyHash(text: string, hasher: Hasher = jsHasher): string | undefined {
  if (typeof text !== 'string') return undefined;
  const split = splitFrontmatter(text);
  return 'bodyStart' in split ? sha256Hex(split.body, hasher) : undefined;
}

/** Parses `systemPatterns.md`: a frontmatter header (flat or under `header:`) and the body, hashed against `header.hash`. Never throws. */
export function parseSystemPatterns(text: string, options: SystemPatternsOptions = {}): Result<SystemPatterns> {
  return guard(
    () => parseSystemPatternsUnguarded(text, options),
    (p) => fail([p]),
    options.file,
  );
}

function parseSystemPatternsUnguarded(text: string, options: SystemPatternsOptions): Result<SystemPatterns> {
  const fm = options.frontmatter ?? parseFrontmatter(text, { ...options, optional: false });
  if (!fm.ok) return fm;
  const doc = fm.value;
  const problems: Problem[] = [...(fm.problems ?? [])];
  const nested = doc.data.header;
  const useNested = nested !== null && typeof nested === 'object' && !Array.isArray(nested);
  const header = (useNested ? nested : doc.data) as Record<string, unknown>;
  const base = useNested ? '/header' : '';
  for (const p of validate('system-patterns-header', header, options.validateOptions)) problems.push({ ...p, pointer: base + (p.pointer ?? ''), line: doc.yamlLine });
  // memory-bank-schema.md's own header writes "2.0": valid, read as 2.0.0; memkit writes full SemVer.
  if (isTwoPartVersion(header.version))
    problems.push(
      warning('system-patterns.version-two-part', `version "${header.version}" is MAJOR.MINOR; memkit reads it as ${header.version}.0 and writes full SemVer`, {
        line: doc.yamlLine,
        pointer: `${base}/version`,
      }),
    );
  const bodyHash = sha256Hex(doc.body, options.hasher ?? jsHasher);
  // Either case of hex is a sha256 (memkit writes lowercase: convention.lowercase-hex).
  if (options.verifyHash !== false && typeof header.hash === 'string' && /^[0-9a-fA-F]{64}$/.test(header.hash) && header.hash.toLowerCase() !== bodyHash) {
    problems.push(error('system-patterns.hash-mismatch', `the header hash ${header.hash} is not the body's SHA-256 ${bodyHash}`, { line: doc.bodyLine, pointer: `${base}/hash` }));
  }
  const withFile = options.file === undefined ? problems : inFile(problems, options.file);
  if (hasErrors(withFile)) return fail(withFile);
  return ok({ header: header as SystemPatterns['header'], body: doc.body, bodyHash, doc }, withFile);
}
