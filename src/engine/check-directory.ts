import type { Hasher } from '../kernel/canonical/index.js';
import type { TokenCounter } from '../schema/tokens.js';
import { type Problem, type Result, error, positionAt, warning } from '../kernel/problems/index.js';
import { textDepth, tooDeep } from '../syntax/depth.js';
import { secretProblems } from '../kernel/secrets/index.js';
import { checkExportBundle } from './check-export.js';
import { CheckContext, type LoadedFile, loadedFile } from '../formats/check-context.js';
import { checkRunChecks } from '../formats/checks.js';
import { type FormatId, type PathClass, caseVariantOf, classifyPath, formatById, layoutOf, sniffFormat } from '../formats/index.js';
import { SKIPPED_DIRS } from './layout.js';
import type { CheckSource, SourceListing } from './source.js';
import type { MemkitConfig } from './config.js';
import { type Profile, applyPolicy } from './profile.js';
import type { RuleTable } from './rules.js';
import { type CheckSettings, checkSettings } from './settings.js';

/** Options of {@link checkDirectory}. */
export interface CheckDirectoryOptions {
  /** SHA-256 implementation (default: the portable `jsHasher`; the CLI passes node:crypto's). */
  hasher?: Hasher;
  /** Files larger than this are `check.too-large` and not read (default 64 MiB). */
  maxFileBytes?: number;
  /** Problems reported per file before one `problems.truncated` counts the rest (default 100). */
  maxProblems?: number;
  /** Called as files are checked, for progress bars. */
  onProgress?: (done: number, total: number) => void;
  /** `spec` (default): only what a seed states is an error; `strict`: memkit's conventions are errors too. Wins over the config's. */
  profile?: Profile;
  /** The config to apply; when absent, `memkit.config.json` at the source's root is read if present (a bad one is reported, and nothing else is checked); `null`: none. */
  config?: MemkitConfig | null;
  /** The codes the config may name and whose conventions the profile rates (default the checker's `RULES`; `memkit check` passes the whole rule table, `--base`'s codes included). */
  codes?: RuleTable;
  /** An exact token counter for `summary_128` (`memkit check --tokenizer`, the config's `tokenizer`); default: memkit's estimate and its lower bound. */
  countTokens?: TokenCounter;
  /** Look for secrets in every checked file (`secret.detected`; default true). */
  detectSecrets?: boolean;
  /** Fingerprints of findings not to report, besides the config's `secrets.allow` (a write that may store them). */
  allowSecrets?: readonly string[];
}

/** What {@link checkDirectory} found; the report of `memkit check --format json` (docs/cli.md) without `root`. */
export interface DirectoryReport {
  ok: boolean;
  checked: { file: string; format: FormatId }[];
  problems: Problem[];
}

const NUL = 0;
const READ_AHEAD = 16;
const decoder = new TextDecoder('utf-8', { fatal: true });
const lossyDecoder = new TextDecoder('utf-8');
// Why a file that is only sniffed (any *.json, *.ndjson, *.jsonl) was not read: unknown to be ours, so a warning.
const SNIFF_WARNINGS: ReadonlySet<string> = new Set(['check.too-large', 'check.not-regular-file', 'check.outside-root']);

/**
 * Discovers every memkit format in a directory, checks each file, then the cross-file rules; a bad
 * file (unreadable, binary, over-size, non-UTF-8) is a problem and never stops the others. Problems sorted by place.
 * @example
 * const report = await checkDirectory(sourceFromFilePort(memoryFiles({ 'memory-bank/decisionLog.md': '' })));
 * report.ok // false when any error-severity problem was found
 */
export async function checkDirectory(source: CheckSource, options: CheckDirectoryOptions = {}): Promise<DirectoryReport> {
  return (await runCheck(source, options)).report;
}

/** What one check run read besides its report, for a caller that looks further at the same files (`--base`). */
export interface CheckRun {
  report: DirectoryReport;
  /** The source's listing, as the run walked it. */
  listing: SourceListing;
  /** The profile, config and ignore globs the run applied. */
  settings: CheckSettings;
}

/** {@link checkDirectory}, calling `onFile` with each checked file (its text and {@link LoadedFile.parsed}), so a caller parses nothing again. */
export async function runCheck(source: CheckSource, options: CheckDirectoryOptions = {}, onFile?: (file: LoadedFile) => void): Promise<CheckRun> {
  const listing = await source.list();
  // Profile, config file and ignore globs: the context applies them to every problem it is given.
  const settings = await checkSettings(source, listing.files, options.profile, options.config, options.codes);
  // A config that cannot be used stops the check, as it stops every surface: a run with other rules than the user's would mislead.
  if (settings.problems.length > 0) return { report: { ok: false, checked: [], problems: settings.problems }, listing, settings };
  const { policy, ...env } = settings.env;
  const ctx = new CheckContext({
    ...env,
    decide: (p) => applyPolicy(p, policy),
    ...(options.hasher ? { hasher: options.hasher } : {}),
    ...(options.maxFileBytes !== undefined ? { maxFileBytes: options.maxFileBytes } : {}),
    ...(options.maxProblems !== undefined ? { maxProblems: options.maxProblems } : {}),
    ...(options.countTokens !== undefined ? { countTokens: options.countTokens } : {}),
  });
  for (const p of listing.problems) if (p.file === undefined || !settings.skip(p.file)) ctx.add(p);
  const files = listing.files.filter((f) => !f.path.split('/').some((s) => SKIPPED_DIRS.has(s)) && !settings.skip(f.path));
  const checks = checkRunChecks(checkExportBundle);
  const secrets = options.detectSecrets === false ? undefined : { hasher: ctx.env.hasher, allow: [...settings.allowSecrets, ...(options.allowSecrets ?? [])] };
  // Files to read, classified; reads run a few ahead of the checks so I/O overlaps with parsing.
  const todo: { path: string; cls: NonNullable<PathClass> }[] = [];
  // Which directories are memory banks is a fact of the whole listing (a bank's files vouch for each other).
  const layout = layoutOf(listing.files.map((f) => f.path));
  const everyPath = new Set(listing.files.map((f) => f.path));
  for (const f of files) {
    const cls = classifyPath(f.path, layout);
    if (cls === undefined) {
      const variant = caseVariantOf(f.path, layout);
      if (variant !== undefined) ctx.add(nameCase(f.path, variant, everyPath.has(variant.path)));
      continue;
    }
    if (f.size !== undefined && f.size > ctx.env.maxFileBytes) {
      const p = error('check.too-large', `the file is ${f.size} bytes; the size limit is ${ctx.env.maxFileBytes} (raise it with --max-file-size)`, { file: f.path });
      ctx.add('format' in cls ? p : { ...p, severity: 'warning', message: p.message + '; it was not checked' });
      continue;
    }
    todo.push({ path: f.path, cls });
  }
  const reads: Promise<Result<Uint8Array>>[] = [];
  const start = (i: number) => {
    if (i < todo.length && reads[i] === undefined) reads[i] = source.read(todo[i]!.path);
  };
  for (let i = 0; i < todo.length; i++) {
    options.onProgress?.(i, todo.length);
    for (let k = i; k < i + READ_AHEAD; k++) start(k);
    const f = todo[i]!;
    const cls = f.cls;
    const known = 'format' in cls;
    const read = await reads[i]!;
    delete reads[i];
    if (!read.ok) {
      for (const p of read.problems) ctx.add(known || !SNIFF_WARNINGS.has(p.code) ? p : { ...p, severity: 'warning' as const });
      continue;
    }
    const bytes = read.value;
    let format: FormatId;
    let text: string;
    if (known) {
      format = cls.format;
      const t = decode(bytes, f.path, ctx);
      if (t === undefined) {
        ctx.checked.push({ file: f.path, format });
        continue;
      }
      text = t;
    } else {
      // Sniffed formats: a file that is not ours is skipped silently. One that sniffs as ours
      // but holds NUL bytes or bad UTF-8 is reported, never skipped: it is sniffed on a lossy decoding.
      let t: string | undefined;
      if (!bytes.includes(NUL)) {
        try {
          t = decoder.decode(bytes);
        } catch {
          t = undefined;
        }
      }
      const s = t ?? lossyDecoder.decode(bytes);
      const sniffed = sniffFormat(cls.sniff, s);
      if (sniffed === undefined) continue;
      format = sniffed;
      if (t === undefined) {
        decode(bytes, f.path, ctx);
        ctx.checked.push({ file: f.path, format });
        continue;
      }
      text = t;
    }
    ctx.checked.push({ file: f.path, format });
    const file = loadedFile(f.path, format, text);
    if (secrets !== undefined) for (const p of secretProblems(text, f.path, secrets, (o) => file.lines.position(o))) ctx.add(p);
    try {
      await checks.file(file, ctx);
      for (const rule of formatById(format).rules ?? []) if (rule.check !== undefined) ctx.report(file, rule.check(file));
    } catch (cause) {
      ctx.add(failedCheck(cause, f.path, text));
    }
    onFile?.(file);
  }
  options.onProgress?.(todo.length, todo.length);
  // Files a ledger entry may name (payloads): only these are read, so nothing outside the walk is.
  const listed = new Set(files.map((f) => f.path));
  await checks.cross(ctx, { has: (p) => listed.has(p), read: (p) => source.read(p) });
  const problems = ctx.problems();
  const checked = ctx.checked as { file: string; format: FormatId }[];
  checked.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { report: { ok: !problems.some((p) => p.severity === 'error'), checked, problems }, listing, settings };
}

function decode(bytes: Uint8Array, path: string, ctx: CheckContext): string | undefined {
  if (bytes.includes(NUL)) {
    ctx.add(error('check.binary-file', 'the file holds binary data (NUL bytes), not text', { file: path }));
    return undefined;
  }
  try {
    return decoder.decode(bytes);
  } catch {
    ctx.add(error('input.invalid-utf8', 'the file is not valid UTF-8', { file: path }));
    return undefined;
  }
}

/** The problem for a checker that threw: a stack overflow is the input's nesting (says how deep, where); anything else `check.internal`. */
function failedCheck(cause: unknown, file: string, text: string): Problem {
  if (cause instanceof RangeError && /call stack/i.test(cause.message)) {
    const deep = textDepth(text);
    const at = positionAt(text, deep.offset);
    return tooDeep(`line ${at.line}`, deep.depth, undefined, { file, line: at.line, column: at.column });
  }
  return error('check.internal', `memkit failed while checking this file: ${(cause as Error).message}`, { file });
}

/** `check.name-case`: `path` is spelled like the memory file `variant` in another case, and is not read as one. */
function nameCase(path: string, variant: { path: string; format: FormatId }, both: boolean): Problem {
  const name = variant.path.slice(variant.path.lastIndexOf('/') + 1);
  const why = both
    ? `beside ${variant.path}, which differs only in case: on a case-insensitive checkout the two are one file`
    : `it differs from ${name} only in case, so it was not read as a ${variant.format} file`;
  return warning('check.name-case', `${path}: ${why}; rename it to ${name}`, { file: path });
}
