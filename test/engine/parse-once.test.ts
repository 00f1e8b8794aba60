// Rule 2 of issue 32, "parse once": a check run reads each file once through the
// injected port and parses its text once per parser; `--base` reads each base
// version once more and reads or parses nothing of HEAD again.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkAgainstBase } from '../../src/engine/check-base.js';
import { checkDirectory } from '../../src/engine/check-directory.js';
import { type CheckSource, sourceFromFilePort } from '../../src/engine/source.js';
import { FORMATS } from '../../src/formats/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import type { BaseFiles } from '../../src/services/git/runner.js';

// Every call of a counted parser, by parser and by the text it was handed.
const parses = vi.hoisted(() => {
  const calls = new Map<string, Map<string, number>>();
  const counted = <F extends (...args: never[]) => unknown>(parser: string, f: F): F =>
    ((...args: Parameters<F>) => {
      const text = args[0] as unknown;
      if (typeof text === 'string') {
        const byText = calls.get(parser) ?? new Map<string, number>();
        calls.set(parser, byText);
        byText.set(text, (byText.get(text) ?? 0) + 1);
      }
      return f(...args);
    }) as F;
  return { calls, counted };
});

// The readers the checkers use, each wrapped where it is exported. `parseFrontmatter` and
// `splitFrontmatter` count as one parser: splitting the frontmatter off is the first step of parsing it.
vi.mock('../../src/kernel/canonical/read-json.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/kernel/canonical/read-json.js')>();
  return { ...m, readJson: parses.counted('readJson', m.readJson) };
});
vi.mock('../../src/syntax/json.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/syntax/json.js')>();
  return { ...m, parseJson: parses.counted('parseJson', m.parseJson) };
});
vi.mock('../../src/syntax/frontmatter.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/syntax/frontmatter.js')>();
  return { ...m, parseFrontmatter: parses.counted('frontmatter', m.parseFrontmatter), splitFrontmatter: parses.counted('frontmatter', m.splitFrontmatter) };
});
vi.mock('../../src/syntax/jsonl.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/syntax/jsonl.js')>();
  return {
    ...m,
    parseJsonlText: parses.counted('parseJsonlText', m.parseJsonlText),
    parseJsonl: parses.counted('parseJsonl', m.parseJsonl),
    jsonLines: parses.counted('jsonLines', m.jsonLines),
  };
});
vi.mock('../../src/syntax/markdown.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/syntax/markdown.js')>();
  return { ...m, markdownOutline: parses.counted('markdownOutline', m.markdownOutline) };
});
vi.mock('../../src/formats/memory-bank/ledger-text.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/formats/memory-bank/ledger-text.js')>();
  return { ...m, parseLedgerText: parses.counted('parseLedgerText', m.parseLedgerText) };
});
vi.mock('../../src/formats/feedback-log/parse.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/formats/feedback-log/parse.js')>();
  return { ...m, parseFeedbackLog: parses.counted('parseFeedbackLog', m.parseFeedbackLog) };
});
vi.mock('../../src/formats/progress/parse.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/formats/progress/parse.js')>();
  return { ...m, parseProgressTable: parses.counted('parseProgressTable', m.parseProgressTable) };
});
vi.mock('../../src/formats/system-patterns/parse.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/formats/system-patterns/parse.js')>();
  return { ...m, parseSystemPatterns: parses.counted('parseSystemPatterns', m.parseSystemPatterns) };
});
vi.mock('smol-toml', async (importOriginal) => {
  const m = await importOriginal<typeof import('smol-toml')>();
  return { ...m, parse: parses.counted('toml', m.parse) };
});

const ROOT = join(import.meta.dirname, '..', '..');

function load(dir: string, prefix = ''): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = join(d, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out[prefix + relative(dir, abs).split(sep).join('/')] = new Uint8Array(readFileSync(abs));
    }
  };
  walk(dir);
  return out;
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/**
 * A directory holding every format: the agent-memory example (memory docs,
 * manifest, events, gardener config, each memory-bank file, a WBS tree, a
 * thread store, export bundles), a prose memory bank, and a config that sets
 * `memoryBank.lockedBy` (so the systemPatterns.md header is read for it).
 */
function everyFormat(): Record<string, Uint8Array> {
  return {
    ...load(join(ROOT, 'examples', 'agent-memory')),
    ...load(join(ROOT, 'test', 'fixtures', 'rules', 'check.prose-bank-empty-file', 'pass'), 'prose/'),
    'memkit.config.json': new TextEncoder().encode(JSON.stringify({ profile: 'spec', memoryBank: { lockedBy: 'ReaperOAK' } })),
  };
}

/** `source` with every `read` counted by path. */
function countingSource(source: CheckSource): { source: CheckSource; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  return {
    reads,
    source: {
      list: (scope) => source.list(scope),
      read: (path) => {
        reads.set(path, (reads.get(path) ?? 0) + 1);
        return source.read(path);
      },
    },
  };
}

/** How often each parser was handed each of `files`' whole texts: `parser → path → count`. */
function parsesOf(files: Record<string, Uint8Array>): Map<string, Map<string, number>> {
  const pathOf = new Map<string, string>();
  for (const [path, bytes] of Object.entries(files)) {
    const t = text(bytes);
    pathOf.set(t, path);
    // parseJson hands readJson the text after a BOM.
    if (t.charCodeAt(0) === 0xfeff) pathOf.set(t.slice(1), path);
  }
  const out = new Map<string, Map<string, number>>();
  for (const [parser, byText] of parses.calls) {
    for (const [t, n] of byText) {
      const path = pathOf.get(t);
      if (path === undefined) continue; // a line or a part of a file: not a file's whole text
      const byPath = out.get(parser) ?? new Map<string, number>();
      out.set(parser, byPath);
      byPath.set(path, (byPath.get(path) ?? 0) + n);
    }
  }
  return out;
}

/** The `[parser, path, count]` of every file text some parser read more than once. */
const twice = (counts: Map<string, Map<string, number>>) => [...counts].flatMap(([parser, byPath]) => [...byPath].filter(([, n]) => n > 1).map(([path, n]) => [parser, path, n]));

// A payload a productContext.md entry names is read once more, by the payload check after the walk,
// and allowed here by name: the walk reads every *.json to sniff whether it holds a memkit format
// (the example's payload is a JSON file of none), before any ledger entry is known to name it, and
// keeping every sniffed file's bytes until the ledgers were read would hold the tree in memory.
const PAYLOADS = new Set(['memory-bank/payloads/product-vision.json']);
const readTwice = (reads: Map<string, number>) => [...reads].filter(([path, n]) => n > 1 && !(PAYLOADS.has(path) && n === 2));

beforeEach(() => parses.calls.clear());

describe('a check run reads and parses each file once', () => {
  it('the directory holds every format of the format table', async () => {
    const { source } = countingSource(sourceFromFilePort(memoryFiles(everyFormat())));
    const report = await checkDirectory(source);
    const formats = new Set(report.checked.map((c) => c.format));
    expect([...formats].sort()).toEqual(FORMATS.map((f) => f.id).sort());
  });

  it('checkDirectory reads each path once', async () => {
    const files = everyFormat();
    const { source, reads } = countingSource(sourceFromFilePort(memoryFiles(files)));
    const report = await checkDirectory(source);
    expect(report.checked.length).toBeGreaterThan(30);
    for (const { file } of report.checked) expect([file, reads.get(file)]).toEqual([file, 1]);
    expect(reads.get('memkit.config.json')).toBe(1);
    // Nothing is read twice but the payload (see PAYLOADS), which the walk and the payload check each read once.
    expect(readTwice(reads)).toEqual([]);
    for (const p of PAYLOADS) expect(reads.get(p)).toBe(2);
  });

  it('checkDirectory parses no file text twice with the same parser', async () => {
    const files = everyFormat();
    const { source } = countingSource(sourceFromFilePort(memoryFiles(files)));
    await checkDirectory(source);
    const counts = parsesOf(files);
    // The wrapping counts: each file read as a whole by a wrapped parser is seen.
    expect(counts.get('frontmatter')?.get('memory-bank/systemPatterns.md')).toBe(1);
    expect(counts.get('parseLedgerText')?.get('memory-bank/decisionLog.md')).toBe(1);
    expect(counts.get('parseJson')?.get('.thunderus/memory/indexes/manifest.json')).toBe(1);
    expect(counts.get('frontmatter')?.get('.thunderus/memory/core/CORE.md')).toBe(1);
    expect(counts.get('toml')?.get('.thunderus/memory/gardener.toml')).toBe(1);
    expect(twice(counts)).toEqual([]);
  });
});

/** A base revision of `files`: every file but one differs (an entry fewer, other JSON spacing), so each is compared. */
function baseOf(files: Record<string, Uint8Array>): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  const enc = new TextEncoder();
  for (const [path, bytes] of Object.entries(files)) {
    const t = text(bytes);
    if (path.endsWith('.json') && !path.includes('payloads/')) {
      out[path] = enc.encode(JSON.stringify(JSON.parse(t)));
      continue;
    }
    const lines = t.split('\n');
    // A ledger or events.jsonl without its last entry: HEAD appended it.
    let last = lines.length - 1;
    while (last >= 0 && !lines[last]!.startsWith('{')) last--;
    if ((path.endsWith('.md') || path.endsWith('.jsonl')) && last > 0 && !path.endsWith('feedback-log.md') && lines.slice(0, last).some((l) => l.startsWith('{'))) {
      out[path] = enc.encode([...lines.slice(0, last), ...lines.slice(last + 1)].join('\n'));
      continue;
    }
    out[path] = bytes;
  }
  // A base version of the body systemPatterns.md extends.
  const sp = text(files['memory-bank/systemPatterns.md']!);
  out['memory-bank/systemPatterns.md'] = enc.encode(sp.replace(/\n[^\n]+\n$/, '\n'));
  return out;
}

/** `files` as a {@link BaseFiles} port, with every `read` counted by path. */
function countingBase(files: Record<string, Uint8Array>): { base: BaseFiles; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  return {
    reads,
    base: {
      list: async () => Object.keys(files).sort(),
      read: async (path) => {
        reads.set(path, (reads.get(path) ?? 0) + 1);
        return files[path];
      },
    },
  };
}

describe('--base reads each base version once and HEAD no more than the check', () => {
  it('checkAgainstBase reads each HEAD path once in all and each base path at most once', async () => {
    const files = everyFormat();
    const head = countingSource(sourceFromFilePort(memoryFiles(files)));
    const base = countingBase(baseOf(files));
    const report = await checkAgainstBase(head.source, base.base);
    expect(report.checked.length).toBeGreaterThan(30);
    for (const { file } of report.checked) expect([file, head.reads.get(file)]).toEqual([file, 1]);
    expect(readTwice(head.reads)).toEqual([]);
    expect([...base.reads].filter(([, n]) => n > 1)).toEqual([]);
    // The comparison ran: the compared formats' base versions were read.
    expect(base.reads.get('memory-bank/decisionLog.md')).toBe(1);
    expect(base.reads.get('memory-bank/systemPatterns.md')).toBe(1);
    expect(base.reads.get('threads/thread-store.json')).toBe(1);
    expect(base.reads.get('.thunderus/events.jsonl')).toBe(1);
    // Only what history shows is added: the honest appends and the respaced JSON are clean.
    expect(report.problems.filter((p) => p.code.startsWith('git.') || p.code.startsWith('ledger.entry'))).toEqual([]);
  });

  it('checkAgainstBase parses HEAD texts no more than checkDirectory does, and each base text once per parser', async () => {
    const files = everyFormat();
    await checkDirectory(sourceFromFilePort(memoryFiles(files)));
    const alone = parsesOf(files);
    parses.calls.clear();
    const before = baseOf(files);
    await checkAgainstBase(sourceFromFilePort(memoryFiles(files)), countingBase(before).base);
    const withBase = parsesOf(files);
    // Every HEAD text whose base version differs (an identical one is not compared) is parsed as often as by the
    // check alone. One exception, by name: the check streams events.jsonl line by line (jsonLines) and keeps no
    // parse of the whole file, so the append-only comparison reads it with the ledger text reader, a second reader.
    const SECOND_READER = '.thunderus/events.jsonl';
    const changed = (path: string) => path !== SECOND_READER && text(before[path]!) !== text(files[path]!);
    const headOnly = new Map([...withBase].map(([parser, byPath]) => [parser, new Map([...byPath].filter(([path]) => changed(path)))]));
    const aloneChanged = new Map([...alone].map(([parser, byPath]) => [parser, new Map([...byPath].filter(([path]) => changed(path)))]));
    expect(headOnly).toEqual(aloneChanged);
    const baseTexts = Object.fromEntries(Object.entries(before).filter(([path]) => changed(path)));
    expect(twice(parsesOf(baseTexts))).toEqual([]);
    // The comparison parsed base versions (a systemPatterns.md body is compared with the base body); an
    // honest append needs no parse of its base version at all.
    expect(parsesOf(baseTexts).get('parseSystemPatterns')?.get('memory-bank/systemPatterns.md')).toBe(1);
    expect(parsesOf(baseTexts).get('parseLedgerText')?.get('memory-bank/decisionLog.md')).toBeUndefined();
    // The exception is one reading by the ledger text reader, no more.
    expect(withBase.get('parseLedgerText')?.get(SECOND_READER)).toBe(1);
    expect(withBase.get('jsonLines')?.get(SECOND_READER)).toBe(1);
  });
});
