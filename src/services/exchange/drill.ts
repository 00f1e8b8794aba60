import { type Hasher, jsHasher, sha256Hex } from '../../kernel/canonical/index.js';
import { type Problem, error } from '../../kernel/problems/index.js';
import { memoryFiles } from '../../kernel/file-port.js';
import { type ExportEnv, type ExportedBundle, exportBundle } from './export.js';
import { importBundle } from './import.js';
import { type Memory, memoryRecords } from './record-store.js';
import { type ExchangeRecord, sortKey } from './records.js';
import type { BundleInput } from './source.js';

/** The outcome of a recovery drill. */
export interface DrillReport {
  /** True when every count and every record hash matched and nothing failed. */
  ok: boolean;
  /** Schema version of the source bundle (the current one for a memory source). */
  sourceVersion: number;
  /** Per record type: how many the source holds and how many the drill restored. */
  counts: Record<string, { expected: number; restored: number }>;
  /** Records compared by hash. */
  compared: number;
  /** Records whose restored hash differs from the original (first 20). */
  mismatches: { type: string; key: string; expected: string; restored: string }[];
  /** Everything that went wrong (codes `exchange.drill-*` plus import/export problems). */
  problems: Problem[];
}

/** Options for {@link drill}. */
export interface DrillOptions {
  /** `agent_id` of the intermediate exports (default `drill`). */
  agentId?: string;
  /** Clock and hasher. */
  env?: ExportEnv;
  /** Makes an empty memory to restore into (default: in-memory files and records). */
  fresh?: () => Memory;
}

function isMemory(x: unknown): x is Memory {
  return typeof x === 'object' && x !== null && !(x instanceof Uint8Array) && ('files' in x || 'records' in x) && !(Symbol.asyncIterator in x) && !(Symbol.iterator in x);
}

const freshMemory = (): Memory => ({ files: memoryFiles(), records: memoryRecords() });

async function* linesOf(bundle: ExportedBundle): AsyncGenerator<string> {
  let rest = '';
  let first = true;
  for await (const chunk of bundle.chunks()) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    for (const p of parts) {
      if (first) first = false;
      else yield p;
    }
  }
  if (rest !== '' && !first) yield rest;
}

function keyed(line: string, hasher: Hasher): { key: string; type: string; hash: string } {
  const r = JSON.parse(line) as ExchangeRecord;
  return { key: sortKey(r), type: r.type, hash: sha256Hex(line, hasher) };
}

/** Compares two sorted exports record by record (streaming, memory flat). */
async function compare(a: ExportedBundle, b: ExportedBundle, hasher: Hasher, report: DrillReport): Promise<void> {
  const ia = linesOf(a);
  const ib = linesOf(b);
  let x = await ia.next();
  let y = await ib.next();
  while (!x.done || !y.done) {
    const ka = x.done ? undefined : keyed(x.value, hasher);
    const kb = y.done ? undefined : keyed(y.value, hasher);
    if (ka !== undefined && (kb === undefined || ka.key < kb.key)) {
      report.mismatches.length < 20 && report.mismatches.push({ type: ka.type, key: ka.key.slice(ka.type.length + 1), expected: ka.hash, restored: '' });
      x = await ia.next();
    } else if (kb !== undefined && (ka === undefined || kb.key < ka.key)) {
      report.mismatches.length < 20 && report.mismatches.push({ type: kb.type, key: kb.key.slice(kb.type.length + 1), expected: '', restored: kb.hash });
      y = await ib.next();
    } else {
      report.compared++;
      if (ka!.hash !== kb!.hash && report.mismatches.length < 20) report.mismatches.push({ type: ka!.type, key: ka!.key.slice(ka!.type.length + 1), expected: ka!.hash, restored: kb!.hash });
      x = await ia.next();
      y = await ib.next();
    }
  }
}

/**
 * The ADR-0002 recovery drill: export → import into a fresh store → compare
 * counts per type and per-record hashes. A bundle is restored first and
 * drilled against its own counts.
 *
 * @example
 * import { readFileSync } from 'node:fs';
 * declare const path: string; // a memory.ndjson bundle
 * const report = await drill(readFileSync(path, 'utf8'));
 * if (!report.ok) console.error(report.problems);
 */
export async function drill(source: BundleInput | Memory, options: DrillOptions = {}): Promise<DrillReport> {
  const hasher = options.env?.hasher ?? jsHasher;
  const fresh = options.fresh ?? freshMemory;
  const env: ExportEnv = { now: options.env?.now ?? (() => '1970-01-01T00:00:00Z'), hasher };
  const agentId = options.agentId ?? 'drill';
  const report: DrillReport = { ok: false, sourceVersion: 0, counts: {}, compared: 0, mismatches: [], problems: [] };
  const failed = (problems: Problem[]): DrillReport => {
    report.problems.push(...problems);
    return report;
  };

  const memorySource = isMemory(source);
  const original = memorySource ? source : fresh();
  // The counts to restore: the bundle's own, or the memory's as exported.
  let expected: Record<string, number> | undefined;
  if (memorySource) report.sourceVersion = 2;
  else {
    // A drill restores into memory it creates and compares; what the bundle holds is reported by its check, not refused here.
    const restored = await importBundle(source, original, { env: { hasher }, secrets: false });
    report.problems.push(...(restored.problems ?? []));
    if (!restored.ok) return report;
    report.sourceVersion = restored.value.schemaVersion;
    expected = (restored.value.manifest.record_counts as Record<string, number> | undefined) ?? restored.value.counts;
  }

  const first = await exportBundle(original, { agentId, env });
  if (!first.ok) return failed(first.problems);
  expected ??= first.value.manifest.record_counts;
  const target = fresh();
  const imported = await importBundle(() => first.value.chunks(), target, { env: { hasher }, secrets: false });
  if (!imported.ok) return failed(imported.problems);
  const second = await exportBundle(target, { agentId, env });
  if (!second.ok) return failed(second.problems);

  const restoredCounts = second.value.manifest.record_counts;
  for (const t of [...new Set([...Object.keys(expected), ...Object.keys(restoredCounts)])].sort()) {
    const c = { expected: expected[t] ?? 0, restored: restoredCounts[t] ?? 0 };
    report.counts[t] = c;
    if (c.expected !== c.restored) report.problems.push(error('exchange.drill-count-mismatch', `${t}: ${c.expected} in the source, ${c.restored} restored`));
  }
  await compare(first.value, second.value, hasher, report);
  for (const m of report.mismatches)
    report.problems.push(error('exchange.drill-hash-mismatch', `${m.type} ${JSON.stringify(m.key)}: ${m.expected || 'missing'} in the source, ${m.restored || 'missing'} restored`));
  report.ok = !report.problems.some((p) => p.severity === 'error');
  return report;
}
