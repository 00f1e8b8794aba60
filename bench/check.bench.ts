// `memkit check` on a large directory: 10,000 memory docs (with manifest and
// events) plus a 100,000-entry activeContext.md ledger, through the same
// file-system source the CLI uses. Anchor: reading every file and JSON-parsing
// every ledger line and manifest, with no checking. Targets: < 30 s and < 500 MB
// peak RSS. Secret detection: the same check with detection on against it off,
// alternating pairs, at most 1.3x.
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalize, hashJson } from '../src/kernel/canonical/index.js';
import { checkDirectory } from '../src/engine/index.js';
import { nodeCheckSource } from '../src/adapters/node/check-source.js';
import { cliHasher } from '../src/surfaces/cli/commands/shared.js';
import { type BenchResult, type BenchSuite, alternatePairs, compare, pairedTarget, timeOnce } from './harness.js';

const DOCS = 10_000;
const ENTRIES = 100_000;
const root = join(import.meta.dirname, 'data', 'check');

async function generate(): Promise<void> {
  const marker = join(root, '.complete');
  if (existsSync(marker)) return;
  rmSync(root, { recursive: true, force: true });
  const docsDir = join(root, '.thunderus/memory/semantic/FACTS');
  mkdirSync(docsDir, { recursive: true });
  mkdirSync(join(root, '.thunderus/memory/indexes'), { recursive: true });
  mkdirSync(join(root, 'memory-bank'), { recursive: true });
  const events: string[] = [];
  const manifest: { path: string; id: string; kind: string; title: string; tags: string[]; updated: string; provenance: { events: string[]; patches: string[] } }[] = [];
  for (let i = 0; i < DOCS; i++) {
    const id = `fact.bench.${i}`;
    const evt = `evt_${i}`;
    events.push(JSON.stringify({ v: 1, id: evt, ts: '2026-02-20T00:00:00Z', session_id: 'sess_bench', actor: 'agent', kind: 'note', refs: { memory_doc_ids: [id] }, body: {} }));
    const path = `.thunderus/memory/semantic/FACTS/f${i}.md`;
    writeFileSync(
      join(root, path),
      `---\nid: ${id}\ntitle: Fact ${i}\nkind: fact\ntags: [bench, t${i % 50}]\ncreated: 2026-02-20T00:00:00Z\nupdated: 2026-02-20T00:00:00Z\nprovenance:\n  events: [${evt}]\n  patches: []\nverification:\n  last_verified_commit: null\n  status: unknown\n---\n# Fact ${i}\n\nBody of fact ${i}: the test runner is vitest; run \`npx vitest run\`.\n\n## Details\n\nMore text for fact ${i}.\n`,
    );
    manifest.push({ path, id, kind: 'fact', title: `Fact ${i}`, tags: ['bench', `t${i % 50}`], updated: '2026-02-20T00:00:00Z', provenance: { events: [evt], patches: [] } });
  }
  writeFileSync(join(root, '.thunderus/events.jsonl'), events.join('\n') + '\n');
  writeFileSync(join(root, '.thunderus/memory/indexes/manifest.json'), JSON.stringify({ version: 1, generated_at: '2026-02-20T00:00:00Z', docs: manifest }, null, 2));
  const out = createWriteStream(join(root, 'memory-bank/activeContext.md'));
  out.write('# Active Context\n\n');
  let prev = '0'.repeat(64);
  for (let i = 0; i < ENTRIES; i++) {
    const e = { ts: '2026-02-20T00:00:00Z', source_agent: 'Backend', source_chunks: [prev], summary_128: `Step ${i}: refreshed the index and ran the tests.`, predecessor_hash: prev };
    prev = hashJson(e, cliHasher);
    if (!out.write(canonicalize(e) + '\n')) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(r));
  writeFileSync(marker, '');
}

function anchorRead(): void {
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.md') || e.name.endsWith('.json') || e.name.endsWith('.jsonl')) {
        const text = readFileSync(p, 'utf8');
        if (e.name.endsWith('.json')) JSON.parse(text);
        else if (e.name === 'activeContext.md' || e.name.endsWith('.jsonl')) for (const l of text.split('\n')) if (l.startsWith('{')) JSON.parse(l);
      }
    }
  };
  walk(root);
}

const suite: BenchSuite = {
  name: 'check',
  async run(): Promise<BenchResult[]> {
    await generate();
    const anchorMs = await timeOnce(anchorRead);
    let problems = -1;
    let files = 0;
    const ms = await timeOnce(async () => {
      const r = await checkDirectory(nodeCheckSource(root, { maxFileBytes: 256 * 1024 * 1024 }), { hasher: cliHasher, maxFileBytes: 256 * 1024 * 1024 });
      problems = r.problems.length;
      files = r.checked.length;
    });
    const peakMb = process.resourceUsage().maxRSS / 1024;
    const checkWith = (detectSecrets: boolean) => async () => {
      await checkDirectory(nodeCheckSource(root, { maxFileBytes: 256 * 1024 * 1024 }), { hasher: cliHasher, maxFileBytes: 256 * 1024 * 1024, detectSecrets });
    };
    const secrets = pairedTarget(`check ${DOCS} docs + ${ENTRIES}-entry ledger, secret detection on`, await alternatePairs(checkWith(true), checkWith(false), 5), 'detection off', 1.3);
    const time = compare(`check ${DOCS} docs + ${ENTRIES}-entry ledger`, ms, 'ms', 'read + JSON.parse only', anchorMs, undefined, false);
    time.target = '< 30000 ms';
    time.met = ms < 30_000 && problems === 0;
    time.note = `${files} files checked, ${problems} problems`;
    return [time, { name: 'check peak RSS (whole bench process)', value: peakMb, unit: 'MB', target: '< 500 MB', met: peakMb < 500 }, secrets];
  },
};

export default suite;
