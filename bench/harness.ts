// The benchmark harness: every bench/*.bench.ts default-exports a BenchSuite.
// Figures are ratios against an anchor measured in the same run, never absolute claims.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';

/** One figure a suite reports. */
export interface BenchResult {
  /** What was measured, e.g. "validate decision-log-entry". */
  name: string;
  /** The measured value (higher is better for throughput units). */
  value: number;
  /** Unit of `value`, e.g. "ops/s", "docs/s", "ms", "MB". */
  unit: string;
  /** The anchor measured in the same run, when this figure is compared with one. */
  anchor?: { name: string; value: number };
  /** value / anchor.value (or anchor/value for time units), when there is an anchor. */
  ratio?: number;
  /** The target the issue sets, e.g. ">= 1.8x Ajv" and whether it was met. */
  target?: string;
  met?: boolean;
  /** Free-form context (sizes, peak RSS). */
  note?: string;
}

/** A group of benchmarks. */
export interface BenchSuite {
  name: string;
  /**
   * How many processes run the suite (default 1). With more than one, each
   * figure is the median over the processes (bench/run.ts): for a suite whose
   * anchor's speed depends on the process it runs in, not only on the code.
   */
  processes?: number;
  run(): Promise<BenchResult[]>;
}

/**
 * One result per figure from the runs of a suite in several processes: the
 * run whose figure is the median (by ratio when there is an anchor, else by
 * value), with every process's figure and how many met the target in its note.
 * Runs must report the same figures in the same order.
 */
export function medianOfProcesses(runs: readonly (readonly BenchResult[])[]): BenchResult[] {
  const first = runs[0] ?? [];
  return first.map((r, i) => {
    const same = runs.map((run) => run[i]);
    if (same.some((x) => x?.name !== r.name)) throw new Error(`bench processes disagree on figure ${i} ("${r.name}")`);
    const key = (x: BenchResult) => x.ratio ?? x.value;
    const chosen = [...(same as BenchResult[])].sort((a, b) => key(a) - key(b))[Math.floor(same.length / 2)]!;
    const each = (same as BenchResult[]).map((x) => (x.ratio !== undefined ? `${x.ratio.toFixed(2)}x` : x.value.toPrecision(3))).join(', ');
    const met = r.target !== undefined ? `; target met in ${same.filter((x) => x!.met).length} of ${same.length}` : '';
    return { ...chosen, note: `median of ${same.length} processes (${each})${met}${chosen.note ? `; median process: ${chosen.note}` : ''}` };
  });
}

/** Runs `fn` repeatedly for about `ms` milliseconds after a warm-up; returns calls per second. */
export function throughput(fn: () => unknown, ms = 1000): number {
  const warmEnd = performance.now() + Math.min(200, ms / 4);
  while (performance.now() < warmEnd) fn();
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 64; i++) fn();
    calls += 64;
    now = performance.now();
  }
  return (calls * 1000) / (now - start);
}

/** Times one call of an async or sync function in milliseconds. */
export async function timeOnce(fn: () => unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Median of several timed runs, in milliseconds. */
export async function medianMs(fn: () => unknown, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeOnce(fn));
  return median(times);
}

/** Builds a result compared with an anchor; `higherIsBetter` false for times. */
export function compare(name: string, value: number, unit: string, anchorName: string, anchorValue: number, minRatio?: number, higherIsBetter = true): BenchResult {
  const ratio = higherIsBetter ? value / anchorValue : anchorValue / value;
  const r: BenchResult = { name, value, unit, anchor: { name: anchorName, value: anchorValue }, ratio };
  if (minRatio !== undefined) {
    r.target = `>= ${minRatio}x ${anchorName}`;
    r.met = ratio >= minRatio;
  }
  return r;
}

/** What {@link scaling} measured: median times of each size and the median of the per-round ratios. */
export interface Scaling {
  small: number;
  large: number;
  ratio: number;
  /** The ratio of each round, lowest first. */
  ratios: number[];
}

/** Milliseconds of wall time, or of CPU time (user + system) of this process. */
export type Clock = 'wall' | 'cpu';

function timeSync(fn: () => unknown, clock: Clock): number {
  if (clock === 'wall') {
    const start = performance.now();
    fn();
    return performance.now() - start;
  }
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The middle value (the upper middle for an even count). */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * How a function's time grows from a small input to a large one, measured in
 * alternating rounds (small runs, then large runs, again and again) rather than
 * all small runs and then all large ones: on a shared machine the load changes
 * over seconds, and pairing puts both sizes of a round under the same load. The
 * ratio reported is the median of the rounds' ratios.
 */
export function scaling(small: () => unknown, large: () => unknown, { rounds = 9, smallRuns = 9, largeRuns = 3, clock = 'wall' as Clock } = {}): Scaling {
  const smalls: number[] = [];
  const larges: number[] = [];
  const ratios: number[] = [];
  const time = (fn: () => unknown) => timeSync(fn, clock);
  for (let r = 0; r < rounds; r++) {
    const s = median(Array.from({ length: smallRuns }, () => time(small)));
    const l = median(Array.from({ length: largeRuns }, () => time(large)));
    smalls.push(s);
    larges.push(l);
    ratios.push(l / s);
  }
  return { small: median(smalls), large: median(larges), ratio: median(ratios), ratios: ratios.sort((a, b) => a - b) };
}

/** The spread of a {@link Scaling}'s round ratios, for a note: `rounds 11.2–12.9x`. */
export function spread(s: Scaling): string {
  return `${s.ratios.length} paired rounds, ratios ${s.ratios[0]!.toFixed(1)}–${s.ratios.at(-1)!.toFixed(1)}x`;
}

/** The 1-minute load average, so readers can tell a busy machine from a slow function. */
export function loadNote(): string {
  return `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
}

/**
 * The two figures of a checker timed against a bare pass reading the same fields
 * (`cpu`: {@link scaling} with the bare pass as `small`, the check as `large`, CPU
 * clock): the ratio (≤ 3x) and the absolute time at 100k items (< 100 ms).
 */
export function checkerTargets(checker: string, size: string, cpu: Scaling, note: string): BenchResult[] {
  const times = `${checker} ${cpu.large.toFixed(1)} ms, bare pass ${cpu.small.toFixed(2)} ms CPU; ${spread(cpu)}`;
  const anchor = 'a bare pass reading the same fields';
  return [
    { name: `${checker} CPU time ${size} / ${anchor}`, value: cpu.ratio, unit: 'x', target: '<= 3x', met: cpu.ratio <= 3, note: `${note}; ${times}` },
    {
      name: `${checker} CPU time ${size}`,
      value: cpu.large,
      unit: 'ms',
      anchor: { name: anchor, value: cpu.small },
      ratio: cpu.small / cpu.large,
      target: '< 100 ms',
      met: cpu.large < 100,
      note: `absolute, as the issue words it; ${loadNote()}`,
    },
  ];
}

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toPrecision(3));

/** One figure as a line of the report: value, ratio to its anchor, target. */
export function formatResult(r: BenchResult): string {
  const cmp = r.anchor ? `  ${r.ratio!.toFixed(2)}x vs ${r.anchor.name} (${fmt(r.anchor.value)} ${r.unit})` : '';
  const target = r.target ? `  target ${r.target}: ${r.met ? 'met' : 'NOT met'}` : '';
  return `- ${r.name}: ${fmt(r.value)} ${r.unit}${cmp}${target}${r.note ? `  [${r.note}]` : ''}`;
}

/** The body of a suite's process (bench/run.ts bundles a call to it per suite): runs the suite, prints it, writes its figures to `out`. */
export async function runSuiteProcess(suite: BenchSuite, out: string): Promise<void> {
  console.log(`\n## ${suite.name}`);
  const results = await suite.run();
  for (const r of results) console.log(formatResult(r));
  writeFileSync(out, JSON.stringify({ name: suite.name, processes: suite.processes ?? 1, results }));
  process.exit(0);
}

/** What {@link alternatePairs} measured: the median of the pairs' ratios and each side's median time. */
export interface PairedTimes {
  /** Median over the pairs of `subject ms / anchor ms`. */
  ratio: number;
  subjectMs: number;
  anchorMs: number;
  /** Every pair's ratio, sorted. */
  ratios: number[];
}

/**
 * Times two whole jobs (usually processes) alternately, A B B A A B …, so both of
 * a pair run under the same load, after one warm-up of each; the ratio is taken
 * pair by pair and its median reported (at least 5 pairs). Never a timed assertion:
 * the bench reports the ratio against its target.
 */
export async function alternatePairs(subject: () => unknown, anchor: () => unknown, pairs = 7): Promise<PairedTimes> {
  if (pairs < 5) throw new Error('alternatePairs needs at least 5 pairs');
  await subject();
  await anchor();
  const s: number[] = [];
  const a: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < pairs; i++) {
    let sMs: number;
    let aMs: number;
    if (i % 2 === 0) {
      sMs = await timeOnce(subject);
      aMs = await timeOnce(anchor);
    } else {
      aMs = await timeOnce(anchor);
      sMs = await timeOnce(subject);
    }
    s.push(sMs);
    a.push(aMs);
    ratios.push(sMs / aMs);
  }
  const mid = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return { ratio: mid(ratios), subjectMs: mid(s), anchorMs: mid(a), ratios: [...ratios].sort((x, y) => x - y) };
}

/**
 * The figure of a {@link alternatePairs} measurement against a "at most `maxRatio` times the
 * anchor" target: the median pair ratio as the value, both sides' median times and the pairs'
 * spread in the note.
 */
export function pairedTarget(name: string, paired: PairedTimes, anchorName: string, maxRatio: number, note?: string): BenchResult {
  const times = `${paired.subjectMs.toFixed(1)} ms against ${paired.anchorMs.toFixed(1)} ms (medians)`;
  const pairs = `${paired.ratios.length} alternating pairs, ratios ${paired.ratios[0]!.toFixed(2)}–${paired.ratios.at(-1)!.toFixed(2)}x`;
  return {
    name: `${name} / ${anchorName}`,
    value: paired.ratio,
    unit: 'x',
    target: `<= ${maxRatio}x`,
    met: paired.ratio <= maxRatio,
    note: [times, pairs, note, loadNote()].filter(Boolean).join('; '),
  };
}

/**
 * {@link alternatePairs} of short processes on a shared host: each side of a pair is the fastest
 * of `runs` runs in a row (a burst of another tenant lengthens a 100 ms process by more than the
 * difference being measured, and never shortens one), the sides alternating which goes first.
 */
export async function alternatePairsFastest(subject: () => unknown, anchor: () => unknown, pairs = 7, runs = 3): Promise<PairedTimes> {
  if (pairs < 5) throw new Error('alternatePairsFastest needs at least 5 pairs');
  const fastest = async (job: () => unknown) => {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < runs; i++) best = Math.min(best, await timeOnce(job));
    return best;
  };
  await subject();
  await anchor();
  const s: number[] = [];
  const a: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const first = i % 2 === 0 ? subject : anchor;
    const t1 = await fastest(first);
    const t2 = await fastest(first === subject ? anchor : subject);
    const [sMs, aMs] = first === subject ? [t1, t2] : [t2, t1];
    s.push(sMs);
    a.push(aMs);
    ratios.push(sMs / aMs);
  }
  return { ratio: median(ratios), subjectMs: median(s), anchorMs: median(a), ratios: [...ratios].sort((x, y) => x - y) };
}

/** The built CLI the whole-process suites run. */
export const BUILT_CLI = join(import.meta.dirname, '..', 'dist', 'cli', 'main.js');

/** The newest modification time of a file under `dir`. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  return latest;
}

/** Builds the ESM files when {@link BUILT_CLI} is missing or older than src/: the whole-process suites time the CLI as it ships. */
export function ensureBuilt(): void {
  const root = join(import.meta.dirname, '..');
  if (existsSync(BUILT_CLI) && statSync(BUILT_CLI).mtimeMs >= newest(join(root, 'src'))) return;
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'tsup', 'dist', 'cli-default.js'), '--env.MEMKIT_BUILD', 'esm'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('the whole-process suites run the built CLI: `npx tsup --env.MEMKIT_BUILD esm` failed');
}
