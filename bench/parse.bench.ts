// Parser benchmarks (issues 3, 24): frontmatter parse + headings against the bare
// libraries doing the same work (on the memory-doc mix of bench/memory-docs.ts), and JSON Lines streaming against a bare
// split('\n') + JSON.parse loop, with peak RSS measured in a child process.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonl } from '../src/syntax/jsonl.js';
import { type BenchResult, type BenchSuite, compare } from './harness.js';
import { WORDS, memoryDocCorpus, rng, sentence } from './memory-docs.js';

const matter = (await import('gray-matter')).default;
const mm = await import('micromark');
const yaml = await import('yaml');
const lazy = { ...(await import('../src/syntax/index.js')), ...(await import('../src/schema/index.js')) };

const DOCS = Number(process.env.MEMKIT_BENCH_DOCS ?? '') || 10_000;
const JSONL_MB = Number(process.env.MEMKIT_BENCH_JSONL_MB ?? '') || 100;
const RSS_GB = Number(process.env.MEMKIT_BENCH_RSS_GB ?? '') || 1;
const dataDir = join(import.meta.dirname, 'data');

/** The bare libraries doing what parseFrontmatter + headings() does: yaml.parseDocument + micromark events. */
function bare(text: string): number {
  const start = text.indexOf('\n') + 1;
  const close = text.indexOf('\n---\n', start - 1);
  const doc = yaml.parseDocument(text.slice(start, close + 1));
  const events = mm.postprocess(
    mm
      .parse()
      .document()
      .write(mm.preprocess()(text.slice(close + 5), undefined, true)),
  );
  return events.length + (doc.contents ? 1 : 0);
}

/** Runs each candidate over all docs, interleaved pass by pass (so load changes hit all alike); median docs/s of each. */
function docsPerSecond(docs: string[], fns: ((text: string) => unknown)[], passes = 3): number[] {
  const rates: number[][] = fns.map(() => []);
  for (let p = 0; p < passes; p++) {
    fns.forEach((fn, k) => {
      const t0 = performance.now();
      for (const d of docs) fn(d);
      rates[k]!.push((docs.length * 1000) / (performance.now() - t0));
    });
  }
  return rates.map((r) => r.sort((a, b) => a - b)[Math.floor(r.length / 2)]!);
}

/** Writes ~JSONL_MB of varied events to bench/data once. */
function jsonlFile(): string {
  const file = join(dataDir, `events-${JSONL_MB}mb.jsonl`);
  if (existsSync(file) && statSync(file).size >= JSONL_MB * 1e6 * 0.95) return file;
  mkdirSync(dataDir, { recursive: true });
  const r = rng(7);
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < JSONL_MB * 1e6; i++) {
    const line = JSON.stringify({
      v: 1,
      id: `evt_${i}`,
      ts: '2026-01-02T03:04:05Z',
      session_id: `sess_${i >> 10}`,
      actor: ['user', 'agent', 'tool'][i % 3],
      kind: 'note',
      refs: { paths: [`src/${WORDS[i % WORDS.length]}.ts`], memory_doc_ids: [`fact.n${i % 100}`] },
      body: { text: sentence(r, 12), n: i, ok: i % 2 === 0, score: r() },
    });
    parts.push(line, '\n');
    size += line.length + 1;
  }
  writeFileSync(file, parts.join(''));
  return file;
}

function bareJsonl(file: string): number {
  const text = readFileSync(file, 'utf8');
  let n = 0;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    JSON.parse(line);
    n++;
  }
  return n;
}

async function memkitJsonl(file: string): Promise<number> {
  let n = 0;
  for await (const item of parseJsonl(createReadStream(file, { highWaterMark: 256 * 1024 }))) if (item.ok) n++;
  return n;
}

async function mbPerSecond(bytes: number, fn: () => unknown, runs = 3): Promise<number> {
  const rates: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    rates.push(bytes / 1e6 / ((performance.now() - t0) / 1000));
  }
  rates.sort((a, b) => a - b);
  return rates[Math.floor(rates.length / 2)]!;
}

const suite: BenchSuite = {
  name: 'parse',
  async run(): Promise<BenchResult[]> {
    const results: BenchResult[] = [];
    const docs = memoryDocCorpus(DOCS).map((d) => d.text);
    // Warm up every path once.
    for (const d of docs.slice(0, 500)) {
      bare(d);
      const r = lazy.parseFrontmatter(d);
      if (r.ok) r.value.headings();
      matter(d, {});
    }
    const check = lazy.parseFrontmatter(docs[0]!);
    if (!check.ok || check.value.headings().length !== 6) throw new Error('bench corpus does not parse as expected');

    const [bareRate, fullRate, fmOnlyRate, grayRate] = docsPerSecond(docs, [
      bare,
      (d) => {
        const r = lazy.parseFrontmatter(d);
        return r.ok ? r.value.headings() : undefined;
      },
      (d) => lazy.parseFrontmatter(d),
      (d) => matter(d, {}),
    ]) as [number, number, number, number];
    results.push({
      ...compare(`frontmatter parse + headings (${DOCS.toLocaleString('en-US')} memory docs)`, fullRate, 'docs/s', 'yaml.parseDocument + micromark events', bareRate, 3),
      note: 'the fast path reads the flat YAML and plain Markdown most docs use; the rest of the mix goes through yaml and micromark (bench/memory-docs.ts)',
    });
    results.push({
      ...compare('frontmatter only, lazy headings (what check needs)', fmOnlyRate, 'docs/s', 'yaml.parseDocument + micromark events', bareRate),
      note: 'headings and body text not computed',
    });
    results.push({ ...compare('gray-matter (frontmatter only, no positions, no headings)', grayRate, 'docs/s', 'yaml.parseDocument + micromark events', bareRate), note: 'reference, no target' });

    const file = jsonlFile();
    const bytes = statSync(file).size;
    const nBare = bareJsonl(file);
    const nMine = await memkitJsonl(file);
    if (nBare !== nMine) throw new Error(`line counts differ: ${nBare} vs ${nMine}`);
    const bareMb = await mbPerSecond(bytes, () => bareJsonl(file));
    const mineMb = await mbPerSecond(bytes, () => memkitJsonl(file));
    results.push({
      ...compare(`JSONL streaming parse (${Math.round(bytes / 1e6)} MB file)`, mineMb, 'MB/s', "readFileSync + split('\\n') + JSON.parse", bareMb, 0.6),
      note: `${nMine.toLocaleString('en-US')} lines; memkit validates UTF-8 per line, tracks line numbers and streams from disk`,
    });

    const proc = spawnSync(process.execPath, [join(import.meta.dirname, 'jsonl-rss-child.mjs')], {
      env: { ...process.env, MEMKIT_BENCH_RSS_GB: String(RSS_GB) },
      encoding: 'utf8',
      maxBuffer: 1024 * 1024,
    });
    const line = proc.stdout.trim().split('\n').at(-1) ?? '';
    try {
      const m = JSON.parse(line) as { lines: number; rssBefore: number; maxRss: number };
      const peakMb = m.maxRss / 1024 ** 2;
      results.push({
        name: `JSONL streaming peak RSS (${RSS_GB} GB generated stream)`,
        value: peakMb,
        unit: 'MB',
        target: '< 100 MB',
        met: peakMb < 100,
        note: `${m.lines.toLocaleString('en-US')} lines; growth while parsing ${((m.maxRss - m.rssBefore) / 1024 ** 2).toFixed(0)} MB over a baseline of ${(m.rssBefore / 1024 ** 2).toFixed(0)} MB (plain node + the built package)`,
      });
    } catch {
      results.push({ name: 'JSONL streaming peak RSS', value: Number.NaN, unit: 'MB', note: `child failed: ${proc.stderr.slice(0, 300)}` });
    }
    return results;
  },
};

export default suite;
