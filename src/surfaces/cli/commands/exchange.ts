import { createReadStream } from 'node:fs';
import { mkdir, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { atomicWrite } from '../../../adapters/node/atomic-write.js';
import { nodeCheckSource } from '../../../adapters/node/check-source.js';
import { CONFIG_FILE, loadConfig } from '../../../engine/config.js';
import { exportBundle as bundleFormat } from '../../../formats/index.js';
import { type ConflictPolicy, type ExportedBundle, type ImportSummary, type PartialWrite, RECORDS_PATH, directoryMemory, drill, exportBundle, importBundle } from '../../../services/exchange/index.js';
import { type Problem, inFile, ok } from '../../../kernel/problems/index.js';
import { refreshIndex, storeFiles } from '../../../services/store/index.js';
import { type Command, UsageError } from '../command.js';
import { emitReport, type OutputFormat } from '../emit.js';
import { type CliIo, EXIT, makeReport } from '../io.js';
import { STORE_HELP, redactProblems, storeOptions, storeUrl, withPgStore } from '../postgres-url.js';
import { progressBar } from '../progress.js';
import { ALLOW_SECRET_HELP, FORMAT_HELP, absolute, allowSecretOption, allowedSecrets, cliFiles, cliHasher, existing, formatOption, shown } from './shared.js';

const POLICIES: readonly ConflictPolicy[] = ['fail', 'skip', 'overwrite-older'];

/** `memkit export DIR`: writes DIR as a self-verifying NDJSON bundle to stdout (or --out FILE). */
export const exportCommand: Command = {
  name: 'export',
  help: `Usage: memkit export DIR [--agent-id ID] [--out FILE] [--format text|json|sarif]
       memkit export --store URL [--schema NAME] [--agent-id ID] [--out FILE] [--format ...]

Writes every file under DIR (except .git and node_modules) as one NDJSON
bundle (ADR-0002, current schema version): the manifest line first, with
record counts and a digest, then one record per line. The structured records
DIR holds in ${RECORDS_PATH} (Fact, Decision, Identity, DocEdge; written by
memkit import) are exported as records, not as a file.

  memkit export .memory > bundle.ndjson
  memkit export .memory --out bundle.ndjson

Without --out the bundle goes to stdout and nothing else does; problems go to
stderr (text) or stdout (json, sarif) and no bundle is written.

Options:
  --agent-id ID   the manifest's agent_id (default: the directory name)
  --out FILE      write the bundle to FILE atomically and print a report
${STORE_HELP}
                  With --store (or MEMKIT_STORE_URL) and no DIR, the files
                  the PostgreSQL store holds are exported (what
                  "memkit import BUNDLE --store URL" put there).
${FORMAT_HELP}

Exit status: 0 exported, 1 problems found (nothing exported), 2 usage error.
`,
  options: { 'agent-id': { type: 'string' }, out: { type: 'string' }, ...storeOptions, format: formatOption },
  async run({ values, positionals }, io) {
    const url = positionals.length === 0 ? storeUrl(values, io) : undefined;
    if (url !== undefined) return exportStore(values, io, url);
    if (positionals.length !== 1) throw new UsageError('export takes exactly one DIR (or --store URL)');
    if (values.store !== undefined) throw new UsageError('export takes DIR or --store URL, not both');
    const dir = await existing(io, positionals[0]!, 'directory');
    const agentId = (values['agent-id'] as string | undefined) ?? (basename(dir) || 'memkit');
    const result = await exportBundle(directoryMemory(cliFiles(dir), { hasher: cliHasher }), { agentId, env: { hasher: cliHasher } });
    return emitExport(values, io, positionals[0]!, result);
  },
};

/** Exports the files of the PostgreSQL store at `url` (a bundle built while the pool is open, emitted after). */
async function exportStore(values: Record<string, unknown>, io: CliIo, url: string): Promise<number> {
  const agentId = (values['agent-id'] as string | undefined) ?? 'memkit';
  const out = await withPgStore(url, values.schema as string | undefined, io.env, async ({ store, shown: where }) => {
    const result = await exportBundle(directoryMemory(storeFiles(store), { hasher: cliHasher }), { agentId, env: { hasher: cliHasher } });
    if (!result.ok) return { where, result };
    // The chunks read the store: gather them before the pool ends.
    const chunks: string[] = [];
    for await (const chunk of result.value.chunks()) chunks.push(chunk);
    return { where, result: { ok: true as const, value: { manifest: result.value.manifest, chunks: () => chunks } } };
  });
  if (!out.ok) return emitExport(values, io, '--store', out);
  const result = out.value.result.ok ? out.value.result : { ok: false as const, problems: redactProblems(out.value.result.problems, url) };
  return emitExport(values, io, out.value.where, result);
}

/** Writes an exported bundle to stdout or --out, or reports why there is none. */
async function emitExport(
  values: Record<string, unknown>,
  io: CliIo,
  target: string,
  result: { ok: true; value: { manifest: ExportedBundle['manifest']; chunks(): AsyncIterable<string> | Iterable<string> } } | { ok: false; problems: Problem[] },
): Promise<number> {
  const format = values.format as OutputFormat;
  const out = values.out as string | undefined;
  if (!result.ok) {
    const report = makeReport(target, [], result.problems);
    if (format === 'text' && out === undefined) return emitReport({ ...io, stdout: io.stderr }, report, format);
    return emitReport(io, report, format);
  }
  if (out === undefined) {
    for await (const chunk of result.value.chunks()) io.stdout(chunk);
    return EXIT.ok;
  }
  const outAbs = absolute(io, out);
  const chunks: string[] = [];
  for await (const chunk of result.value.chunks()) chunks.push(chunk);
  await atomicWrite(outAbs, new TextEncoder().encode(chunks.join('')));
  const m = result.value.manifest;
  const report = makeReport(target, [], []);
  return emitReport(io, report, format, {
    text: `wrote ${shown(io, outAbs)}: ${
      Object.entries(m.record_counts)
        .map(([t, n]) => `${n} ${t}`)
        .join(', ') || 'no records'
    }\n`,
    json: { out: shown(io, outAbs), manifest: m },
  });
}

/** `memkit import BUNDLE DIR [--policy fail|skip|overwrite-older]`: verifies a bundle, then writes it into DIR. */
export const importCommand: Command = {
  name: 'import',
  help: `Usage: memkit import BUNDLE DIR [--policy fail|skip|overwrite-older] [--format text|json|sarif]
       memkit import BUNDLE --store URL [--schema NAME] [--policy P] [--format ...]

Reads BUNDLE (any schema version; older ones are migrated), verifies all of it
(manifest, every record, counts, digest) and only then writes it into DIR:
files at their paths, structured records (Fact, Decision, Identity, DocEdge)
into DIR/${RECORDS_PATH}. DIR is created when it does not exist (its parent
must). Every file is staged in DIR/.memkit-staging-<random>/ and moved into
place only once all of it was staged from bytes identical to the verified
ones; if a move fails, what was moved is put back. So a refused or failed
import writes nothing, and the message says so only when it is true. An
import killed part-way is finished or undone by the next import into DIR.
A record holding a secret (secret.detected: a token, a key, a password in a
URL) refuses the whole import. A record that exists in DIR with other content is a
conflict, handled by --policy:
  fail             stop before writing anything (default)
  skip             keep what DIR has
  overwrite-older  replace it when the bundle's copy is newer

Options:
  --policy P      fail | skip | overwrite-older (default fail)
${ALLOW_SECRET_HELP}
${STORE_HELP}
                  With --store (or MEMKIT_STORE_URL) and no DIR, the bundle's
                  files go into the PostgreSQL store (one transaction per
                  file move) and its memory docs are indexed there.
${FORMAT_HELP}

Exit status: 0 imported, 1 problems found (nothing written unless the
message says what was), 2 usage error.
`,
  options: { policy: { type: 'string', default: 'fail' }, 'allow-secret': allowSecretOption, ...storeOptions, format: formatOption },
  async run({ values, positionals }, io) {
    const url = positionals.length === 1 ? storeUrl(values, io) : undefined;
    if (positionals.length !== 2 && url === undefined) throw new UsageError('import takes BUNDLE and DIR (or BUNDLE and --store URL)');
    if (positionals.length === 2 && values.store !== undefined) throw new UsageError('import takes DIR or --store URL, not both');
    const policy = values.policy as ConflictPolicy;
    if (!POLICIES.includes(policy)) throw new UsageError(`--policy must be one of ${POLICIES.join(', ')}`);
    const allow = allowedSecrets(values['allow-secret']);
    const bundle = await existing(io, positionals[0]!, 'file');
    if (url !== undefined) return importStore(values, io, url, bundle, policy, { allow });
    const dir = absolute(io, positionals[1]!);
    const created = await ensureDir(io, positionals[1]!);
    // The target's config: its secrets.allow applies as to every other write, and a config that cannot be read refuses the import.
    const config = created ? ok(null) : await loadConfig(nodeCheckSource(dir), async () => (await stat(join(dir, CONFIG_FILE)).catch(() => undefined)) === undefined);
    if (!config.ok) return emitReport(io, makeReport(positionals[1]!, [], config.problems), values.format as OutputFormat, { text: 'nothing was written\n' });
    const secrets = { allow: [...allow, ...(config.value?.secrets?.allow ?? [])] };
    const rel = shown(io, bundle);
    const size = (await stat(bundle)).size;
    const progress = progressBar(io, 'importing');
    const result = await importBundle(() => createReadStream(bundle, { highWaterMark: 1 << 20 }) as AsyncIterable<Uint8Array>, directoryMemory(cliFiles(dir), { hasher: cliHasher }), {
      policy,
      file: rel,
      env: { hasher: cliHasher },
      secrets,
      onProgress: (_records, bytes, phase) => progress.update(phase === 'verify' ? bytes / 2 : size / 2 + bytes / 2, size),
    });
    progress.done();
    const checked = [{ file: rel, format: bundleFormat.id }];
    if (!result.ok) {
      // A directory this import created and left empty goes too: a failed import leaves nothing new.
      if (created && result.partial === undefined) await rmdir(dir).catch(() => undefined);
      return emitReport(io, makeReport(positionals[1]!, checked, inFile(result.problems, rel)), values.format as OutputFormat, failedImport(result.partial));
    }
    const s = result.value;
    return emitReport(io, makeReport(positionals[1]!, checked, inFile(result.problems ?? [], rel)), values.format as OutputFormat, {
      text: `imported ${rel} (schema v${s.schemaVersion}): ${importCounts(s)}\n`,
      json: { summary: summaryJson(s) },
    });
  },
};

/** Imports `bundle` into the files of the PostgreSQL store at `url`, then indexes the memory docs among them. */
async function importStore(values: Record<string, unknown>, io: CliIo, url: string, bundle: string, policy: ConflictPolicy, secrets: { allow: readonly string[] }): Promise<number> {
  const rel = shown(io, bundle);
  const checked = [{ file: rel, format: bundleFormat.id }];
  const out = await withPgStore(url, values.schema as string | undefined, io.env, async ({ store, shown: where }) => {
    const files = storeFiles(store);
    const result = await importBundle(() => createReadStream(bundle, { highWaterMark: 1 << 20 }) as AsyncIterable<Uint8Array>, directoryMemory(files, { hasher: cliHasher }), {
      policy,
      file: rel,
      env: { hasher: cliHasher },
      secrets,
    });
    const indexed = result.ok ? await refreshIndex(store, files, { hasher: cliHasher }) : undefined;
    return { where, result, indexed };
  });
  if (!out.ok) return emitReport(io, makeReport('--store', checked, out.problems), values.format as OutputFormat);
  const { where, result, indexed } = out.value;
  if (!result.ok) return emitReport(io, makeReport(where, checked, redactProblems(inFile(result.problems, rel), url)), values.format as OutputFormat, failedImport(result.partial));
  const s = result.value;
  const problems = redactProblems([...inFile(result.problems ?? [], rel), ...(indexed?.problems ?? [])], url);
  return emitReport(io, makeReport(where, checked, problems), values.format as OutputFormat, {
    text: `imported ${rel} into ${where} (schema v${s.schemaVersion}): ${importCounts(s)}; ${indexed?.added.length ?? 0} docs indexed\n`,
    json: { store: where, summary: summaryJson(s), indexed: indexed?.added.length ?? 0 },
  });
}

const importCounts = (s: ImportSummary) => `${s.records} records, ${s.written} written, ${s.unchanged} unchanged, ${s.kept} kept`;

const summaryJson = (s: ImportSummary) => ({ schemaVersion: s.schemaVersion, counts: s.counts, records: s.records, written: s.written, unchanged: s.unchanged, kept: s.kept });

/** Makes the directory `name` when it does not exist (its parent must, as for `cp -r` and `git clone`); true when it made it. */
async function ensureDir(io: CliIo, name: string): Promise<boolean> {
  const dir = absolute(io, name);
  const info = await stat(dir).catch(() => undefined);
  if (info !== undefined) {
    await existing(io, name, 'directory');
    return false;
  }
  const parent = await stat(dirname(dir)).catch(() => undefined);
  if (parent === undefined || !parent.isDirectory()) throw new UsageError(`${name} does not exist, nor does its parent directory`);
  await mkdir(dir);
  return true;
}

/** The report extras of a failed import: the true account of what it wrote. */
function failedImport(partial: PartialWrite | undefined): { text: string; json: Record<string, unknown> } {
  const json = { written: partial ?? { files: [], records: 0 } };
  if (partial === undefined) return { text: 'nothing was imported\n', json };
  const parts: string[] = [];
  if (partial.files.length > 0)
    parts.push(`${partial.files.length} files could not be put back as they were (${partial.files.join(', ')}); their previous bytes are in ${partial.backups ?? 'the staging directory'}`);
  if (partial.records > 0) parts.push(`${partial.records} records were written`);
  return { text: `the import failed part-way: ${parts.join('; ')}\n`, json };
}

/** `memkit drill DIR`: the ADR-0002 recovery drill, in memory: export, restore into an empty memory, compare. */
export const drillCommand: Command = {
  name: 'drill',
  help: `Usage: memkit drill DIR [--format text|json|sarif]

The ADR-0002 recovery drill, without touching DIR: exports DIR, imports the
bundle into an empty in-memory copy, exports that again, and compares record
counts and every record's hash. DIR may also be a bundle file, which is
restored and re-exported the same way.

Options:
${FORMAT_HELP}

Exit status: 0 the drill passed, 1 it failed, 2 usage error.
`,
  options: { format: formatOption },
  async run({ values, positionals }, io) {
    if (positionals.length !== 1) throw new UsageError('drill takes exactly one DIR (or bundle file)');
    const target = absolute(io, positionals[0]!);
    const info = await stat(target).catch(() => undefined);
    if (info === undefined) throw new UsageError(`${positionals[0]} does not exist`);
    const rel = shown(io, target);
    const report = info.isDirectory()
      ? await drill(directoryMemory(cliFiles(target), { hasher: cliHasher }), { env: { hasher: cliHasher } })
      : await drill(() => createReadStream(target) as AsyncIterable<Uint8Array>, { env: { hasher: cliHasher } });
    const problems = report.problems.map((p) => (p.file === undefined && !info.isDirectory() ? { ...p, file: rel } : p));
    const r = makeReport(positionals[0]!, info.isDirectory() ? [] : [{ file: rel, format: bundleFormat.id }], problems);
    if (!report.ok && r.ok) {
      r.ok = false;
      r.problems.push({ code: 'exchange.drill-hash-mismatch', severity: 'error', message: 'the drill did not restore the memory exactly' });
    }
    const counts = Object.entries(report.counts)
      .map(([t, c]) => `  ${t}: ${c.restored}/${c.expected}`)
      .join('\n');
    return emitReport(io, r, values.format as OutputFormat, {
      text: `drill ${report.ok ? 'passed' : 'FAILED'}: ${report.compared} records compared, ${report.mismatches.length} mismatches\n${counts}${counts ? '\n' : ''}`,
      json: { drill: { ok: report.ok, sourceVersion: report.sourceVersion, counts: report.counts, compared: report.compared, mismatches: report.mismatches } },
    });
  },
};
