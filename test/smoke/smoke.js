// The one smoke suite that Node, Deno and headless Chromium all run against the
// BUILT package (docs/runtimes.md). It takes the package's modules, exercises
// every public area that exists, and returns a JSON-serializable result; the
// runtimes' results must be deep-equal (Node writes its result, Deno and the
// browser compare against it).
//
// Plain JavaScript, no imports of its own: each runtime loads the modules its
// own way (packed package, relative dist/ paths, import map) and passes them in.
// Every section is guarded by feature detection (it runs when the exports it
// needs exist), so the suite grew with the package; a section whose exports
// are missing is listed in `skipped`, which `smokeFailures` reports. Inputs are
// fixed and clocks are injected: the result depends on memkit alone, never on
// the runtime or the time.

import { samples } from './samples.js';

/** The subpath modules the smoke suite reads (`core` is `memkit`). */
export const SMOKE_SUBPATHS = ['core', 'schemas', 'ledger', 'wbs', 'threads', 'exchange', 'store', 'sqlite', 'arbitraries'];

/**
 * Runs the suite.
 * @param {Record<string, Record<string, unknown> | undefined>} mods modules by name (`core`, `ledger`, …;
 *   `fc`: the `fast-check` module, for sampling `memkit/arbitraries` with a fixed seed)
 * @returns {Promise<{ exports: Record<string, string[]>, sections: Record<string, unknown>, skipped: string[] }>}
 */
export async function smoke(mods) {
  const result = { exports: {}, sections: {}, skipped: [] };
  for (const name of SMOKE_SUBPATHS) {
    const m = mods[name];
    if (m === undefined) throw new Error(`smoke: module "${name}" was not passed in`);
    result.exports[name] = Object.keys(m)
      .filter((k) => k !== 'default' || m.default !== undefined)
      .sort();
  }
  const core = mods.core ?? {};
  const fn = (m, name) => (m !== undefined && typeof m[name] === 'function' ? m[name] : undefined);

  /** Runs one guarded section; a throw is recorded (and fails the Node test). */
  const section = async (name, available, body) => {
    if (!available) {
      result.skipped.push(name);
      return;
    }
    try {
      result.sections[name] = plain(await body());
    } catch (e) {
      result.sections[name] = { threw: describeError(e) };
    }
  };

  // --- schemas: every format id validates its sample; `{}` is rejected with pointers.
  const validate = fn(core, 'validate');
  await section('validate', validate && Array.isArray(core.formatIds), () => {
    const out = { formatIds: [...core.formatIds], missingSamples: [], valid: {}, invalid: {}, unknownFormat: problemKeys(validate('no-such-format', {})) };
    for (const id of core.formatIds) {
      if (!(id in samples)) out.missingSamples.push(id);
      else out.valid[id] = problemKeys(validate(id, samples[id]));
      out.invalid[id] = problemKeys(validate(id, {}));
    }
    // A real-calendar date check and a semantic (`if`/`then`) rule, both beyond plain JSON Schema.
    if ('memory-doc' in samples) out.impossibleDate = problemKeys(validate('memory-doc', { ...samples['memory-doc'], created: '2026-02-30T00:00:00Z' }));
    if ('wbs-task' in samples) out.typeDepth = problemKeys(validate('wbs-task', { ...samples['wbs-task'], type: 'epic' }));
    return out;
  });

  // The `memkit/schemas` subpath must agree with core on the same input.
  await section('schemas-subpath', fn(mods.schemas, 'validate') && validate, () => ({
    same: JSON.stringify(mods.schemas.validate('thread', {})) === JSON.stringify(validate('thread', {})),
    formatCount: mods.schemas.formatIds?.length ?? null,
  }));

  // --- canonical JSON and hashing (the bytes every ledger and bundle rests on).
  await section('canonical', fn(core, 'canonicalize') && fn(core, 'hashJson'), () => ({
    jcs: core.canonicalize({ b: [1, 2.5, 1e21, 'é'], a: { d: null, c: true } }),
    hash: core.hashJson(samples['memory-doc']),
    sha256Hex: fn(core, 'sha256Hex') ? core.sha256Hex('memkit') : null,
  }));

  // --- parsers.
  await section('parse-json', fn(core, 'parseJson'), () => ({
    good: core.parseJson('{"a":[1,2]}'),
    bad: core.parseJson('{\n  "a": [1,\n}'),
  }));
  const frontmatterDoc = [
    '---',
    'id: fact.testing.llvm-cov',
    'title: Coverage uses llvm-cov',
    'kind: fact',
    'tags: [testing]',
    'created: 2026-03-01T10:00:00Z',
    'updated: 2026-03-01T10:00:00Z',
    'provenance: { events: [evt_1], patches: [] }',
    'verification: { last_verified_commit: null, status: unknown }',
    '---',
    '# Coverage',
    '',
    'We measure coverage with **llvm-cov**.',
    '',
    '## How',
    '',
    'Run `cargo llvm-cov`.',
    '',
  ].join('\n');
  await section('parse-frontmatter', fn(core, 'parseFrontmatter'), async () => {
    const parsed = core.parseFrontmatter(frontmatterDoc);
    const doc = parsed.ok ? parsed.value : undefined;
    return {
      ok: parsed.ok,
      problems: problemKeys(parsed.problems ?? []),
      data: doc ? doc.data : null,
      bodyLine: doc ? doc.bodyLine : null,
      headings: doc && typeof doc.headings === 'function' ? doc.headings() : null,
      bodyText: doc && typeof doc.bodyText === 'function' ? doc.bodyText() : null,
      valid: doc ? problemKeys(validate('memory-doc', doc.data)) : null,
      roundTrip: doc && fn(core, 'serializeFrontmatter') ? core.serializeFrontmatter(doc) === frontmatterDoc : null,
      crlfRoundTrip: fn(core, 'serializeFrontmatter') ? roundTrip(core, frontmatterDoc.replace(/\n/g, '\r\n')) : null,
      updated: fn(core, 'updateFrontmatter') ? summarize(core.updateFrontmatter(frontmatterDoc, { title: 'Coverage via llvm-cov' })) : null,
      badYaml: problemKeys(core.parseFrontmatter('---\nid: [unclosed\n---\nbody\n').problems ?? []),
      duplicateKey: problemKeys(core.parseFrontmatter('---\na: 1\na: 2\n---\n').problems ?? []),
      noFrontmatter: problemKeys(core.parseFrontmatter('# just markdown\n').problems ?? []),
    };
  });

  await section('parse-jsonl', fn(core, 'parseJsonlText'), async () => {
    const text = '{"a":1}\r\n\n{"b":2}\nnot json\n{"c":';
    const items = core.parseJsonlText(text);
    const streamed = [];
    if (fn(core, 'parseJsonl')) {
      const bytes = new TextEncoder().encode(text);
      // Split mid-line and mid-character boundaries do not matter to the parser.
      const chunks = (async function* () {
        for (let i = 0; i < bytes.length; i += 5) yield bytes.subarray(i, i + 5);
      })();
      for await (const item of core.parseJsonl(chunks)) streamed.push(item);
    }
    return { items, streamedEqual: streamed.length === 0 || JSON.stringify(plain(streamed)) === JSON.stringify(plain(items)) };
  });

  await section('parse-progress-table', fn(core, 'parseProgressTable'), () => {
    const table = [
      '| task_id | status | agent | milestone_severity | updated_at |',
      '|---|---|---|---|---|',
      '| T-1 | DONE | Builder | HIGH | 2026-03-01T10:00:00Z |',
      '| T-2 | NOPE | Builder | LOW | 2026-03-01T10:00:00Z |',
      '',
    ].join('\n');
    return summarize(core.parseProgressTable(table));
  });

  // --- ledgers: a decisionLog built with append(), verified, tampered, truncated
  // against a checkpoint, and RFC 9162 inclusion and consistency proofs.
  const L = mods.ledger;
  await section('ledger', fn(L, 'append') && fn(L, 'verifyText') && fn(L, 'checkpoint'), () => ledgerSection(L, core));

  // --- WBS.
  const W = mods.wbs;
  await section('wbs', fn(W, 'checkWbs'), () => {
    const index = samples['wbs-task-index'];
    const broken = {
      ...index,
      tasks: index.tasks.map((t) => (t.id === '1.1.2' ? { ...t, parent: '1', dependencies: ['9', '1.1.2'] } : t)),
    };
    const cyclic = {
      ...index,
      tasks: index.tasks.map((t) => (t.id === '1.1.1' ? { ...t, status: 'pending', dependencies: ['1.1.2'] } : t.id === '1.1' ? { ...t, status: 'pending' } : t)),
    };
    return {
      good: problemKeys(W.checkWbs(index)),
      broken: problemKeys(W.checkWbs(broken)),
      cycle: problemKeys(W.checkWbs(cyclic)),
      rollup: fn(W, 'rollup') ? W.rollup({ ...index, tasks: index.tasks.map((t) => ({ ...t, status: t.children.length ? 'done' : t.status })) }) : null,
      ready: fn(W, 'readyTasks') ? W.readyTasks(index) : null,
      order: fn(W, 'topologicalOrder') ? W.topologicalOrder(index) : null,
      sorted: fn(W, 'compareWbsIds') ? ['1.10', '1.9', '2', '1', '1.2.3'].sort(W.compareWbsIds) : null,
      rebuilt: fn(W, 'rebuildWbsIndex') ? W.rebuildWbsIndex(index.tasks.map((t) => ({ id: t.id, type: t.type, status: t.status, dependencies: t.dependencies }))) : null,
      repairPlan: fn(W, 'repairPlan') ? W.repairPlan(broken) : null,
      unsafePath: fn(W, 'checkMemoryPath') ? problemKeys(W.checkMemoryPath('.claude/memory/../../etc/passwd')) : null,
    };
  });

  // --- thread stores: built by operations, checked, relations rebuilt, a forbidden transition refused.
  const Th = mods.threads;
  await section('threads', fn(Th, 'checkThreadStore'), () => {
    const out = { sample: problemKeys(Th.checkThreadStore(samples['thread-store'])) };
    out.badCount = problemKeys(Th.checkThreadStore({ ...samples['thread-store'], metadata: { ...samples['thread-store'].metadata, thread_count: 5 } }));
    if (fn(Th, 'createThreadStore') && fn(Th, 'applyOperation')) {
      let n = 0;
      const env = { now: () => '2026-03-01T12:00:00Z', newId: () => `op-${++n}`, operator: 'agent' };
      let store = Th.createThreadStore(env);
      const log = [];
      for (const op of [
        { command: 'spawn', params: { parent_id: null, child_id: 'root', objective: 'Ship memkit' } },
        { command: 'spawn', params: { parent_id: 'root', child_id: 'tests', objective: 'Write tests', depends_on: [] } },
        { command: 'reference', params: { from_id: 'tests', to_id: 'root', asset_path: 'docs/plan.md' } },
        { command: 'freeze', params: { thread_id: 'tests' } },
        { command: 'update', params: { thread_id: 'tests', objective: 'changed while frozen' } },
        { command: 'archive', params: { thread_id: 'tests' } },
        { command: 'freeze', params: { thread_id: 'tests' } },
      ]) {
        const r = Th.applyOperation(store, op, env);
        log.push(r.ok ? 'ok' : problemKeys(r.problems));
        if (r.ok) store = r.value;
      }
      out.operations = log;
      out.store = store;
      out.check = problemKeys(Th.checkThreadStore(store));
      if (fn(Th, 'rebuildRelations')) out.relationsMatch = JSON.stringify(Th.rebuildRelations(store)) === JSON.stringify(store.relations);
    }
    return out;
  });

  // --- export bundles: export a small memory, import it into an empty one, drill it, and reject a tampered bundle.
  const X = mods.exchange;
  await section('exchange', fn(X, 'exportToString') && fn(X, 'importBundle') && fn(mods.store, 'memoryFiles'), () => exchangeSection(X, mods.store));

  // --- store port: the in-memory file port and the in-memory store.
  const S = mods.store;
  await section('store', fn(S, 'memoryFiles'), async () => ({
    memoryFiles: await memoryFilesRoundTrip(S),
    memoryStore: fn(S, 'memoryStore') ? await storeScenario(S.memoryStore(), S) : null,
  }));

  // --- SQLite store in WASM (sqlite-wasm engine): open, index from files, search, edges, ledger, bytes, reopen.
  const Q = mods.sqlite;
  await section('sqlite', fn(Q, 'openSqliteStore') && fn(Q, 'sqliteWasm'), async () => {
    const opened = await Q.openSqliteStore({ engine: Q.sqliteWasm() });
    if (!opened.ok) return { openFailed: problemKeys(opened.problems) };
    const out = { schemaVersion: opened.value.schemaVersion ?? null };
    let bytes;
    out.scenario = await storeScenario(opened.value, S, async (store) => {
      bytes = await store.toBytes();
    });
    if (bytes) {
      const reopened = await Q.openSqliteStore({ engine: Q.sqliteWasm(), bytes });
      out.reopened = reopened.ok
        ? { docs: (await reopened.value.listDocs()).map((d) => d.docId), search: summarize(await reopened.value.search('sqlite')) }
        : { failed: problemKeys(reopened.problems) };
      if (reopened.ok) await reopened.value.close();
    }
    out.notADatabase = summarize(await Q.openSqliteStore({ engine: Q.sqliteWasm(), bytes: new TextEncoder().encode('not a database at all, not even close to one') }));
    return out;
  });

  // --- arbitraries: seeded samples of every format are identical in every runtime and all validate.
  const A = mods.arbitraries;
  await section('arbitraries', fn(A, 'arbitraryFor') && mods.fc && typeof mods.fc.sample === 'function' && validate, () => {
    const out = { formats: Object.keys(A.arbitraries ?? {}).sort(), samples: {}, invalid: [] };
    for (const id of core.formatIds) {
      const values = mods.fc.sample(A.arbitraryFor(id), { seed: 20260301, numRuns: 3 });
      out.samples[id] = core.hashJson(values);
      values.forEach((v, i) => {
        const problems = validate(id, v);
        if (problems.length) out.invalid.push(`${id}[${i}]: ${problemKeys(problems).join('; ')}`);
      });
    }
    return out;
  });

  return result;
}

async function memoryFilesRoundTrip(S) {
  const files = S.memoryFiles({ 'a/x.md': 'x' });
  await files.write('a/b.md', new TextEncoder().encode('hello'));
  const read = await files.read('a/b.md');
  return { read: new TextDecoder().decode(read), list: await files.list('a/'), missing: (await files.read('nope')) ?? null };
}

function roundTrip(core, text) {
  const r = core.parseFrontmatter(text);
  return r.ok && core.serializeFrontmatter(r.value) === text;
}

/** Ledger section: append with a fixed clock, verify, tamper, truncate against a checkpoint, prove. */
function ledgerSection(L, core) {
  const entries = [];
  const lines = [];
  const appended = [];
  for (let i = 1; i <= 5; i++) {
    const draft = { proposer_agent: 'Architect', rationale: `decision ${i}`, diff_hash: core.hashJson({ i }), tests_passed: i % 2 === 1 };
    const r = L.append(entries, draft, { format: 'decision-log', now: () => new Date(`2026-03-0${i}T10:00:00Z`) });
    if (!r.ok) return { appendFailed: problemKeys(r.problems) };
    entries.push(r.value.entry);
    lines.push(r.value.line);
    appended.push(r.value.hash);
  }
  const text = lines.join('\n') + '\n';
  const options = { format: 'decision-log', file: 'decisionLog.md' };
  const summary = (v) => ({ entries: v.entries, head: v.head, checkpoint: v.checkpoint ?? null, problems: problemKeys(v.problems), tornTail: v.tornTail ?? null });
  const out = {
    appended,
    entries,
    verify: summary(L.verifyText(text, { ...options, checkpointAll: true })),
    edited: summary(L.verifyText(text.replace('decision 2', 'decision X'), options)),
    reordered: summary(L.verifyText([lines[0], lines[2], lines[1], lines[3], lines[4]].join('\n') + '\n', options)),
    torn: summary(L.verifyText(text.slice(0, -20), options)),
  };
  const cp = L.checkpoint(entries);
  out.checkpoint = cp;
  out.truncated = summary(L.verifyText(lines.slice(0, 3).join('\n') + '\n', { ...options, checkpoint: cp }));
  if (fn2(L, 'formatCheckpoint') && fn2(L, 'parseCheckpoint')) {
    const note = L.formatCheckpoint({ ...cp, origin: 'example.com/memkit/smoke/decisionLog' });
    out.checkpointNote = note;
    out.checkpointParsed = summarize(L.parseCheckpoint(note));
  }
  if (typeof L.MerkleTree === 'function' && fn2(L, 'entryBytes') && fn2(L, 'verifyInclusion')) {
    const tree = new L.MerkleTree();
    for (const e of entries) tree.append(L.entryBytes(e));
    const root = tree.root();
    const proof = tree.inclusionProof(2, 5);
    out.inclusionProof = proof;
    out.inclusionVerified = L.verifyInclusion(2, 5, tree.leaf(2), proof, root);
    out.inclusionWrongLeaf = L.verifyInclusion(2, 5, tree.leaf(3), proof, root);
    if (fn2(L, 'verifyConsistency')) {
      const cproof = tree.consistencyProof(3, 5);
      out.consistencyProof = cproof;
      out.consistencyVerified = L.verifyConsistency(3, 5, cproof, tree.root(3), root);
    }
    out.rootMatchesCheckpoint = core.toHex ? core.toHex(root) === cp.root : null;
  }
  return out;
}

const fn2 = (m, name) => m !== undefined && typeof m[name] === 'function';

/** Exchange section: export a small memory, re-import it, drill it, and reject a tampered bundle. */
async function exchangeSection(X, S) {
  const enc = new TextEncoder();
  const files = {
    '.thunderus/memory/FACTS/llvm-cov.md': '---\nid: fact.testing.llvm-cov\n---\nWe measure coverage with llvm-cov.\n',
    'memory-bank/decisionLog.md': '# Decisions\n',
    '.claude/memory/task-index.json': JSON.stringify(samples['wbs-task-index'], null, 2) + '\n',
  };
  const memory = { files: S.memoryFiles(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, enc.encode(v)]))) };
  if (typeof X.memoryRecords === 'function') memory.records = X.memoryRecords();
  const env = { now: () => '2026-03-01T12:00:00Z' };
  const exported = await X.exportToString(memory, { agentId: 'smoke-agent', env });
  if (!exported.ok) return { exportFailed: problemKeys(exported.problems) };
  const bundle = exported.value;
  const target = { files: S.memoryFiles({}) };
  if (typeof X.memoryRecords === 'function') target.records = X.memoryRecords();
  const imported = await X.importBundle(bundle, target);
  const restored = {};
  for (const path of await target.files.list('')) restored[path] = new TextDecoder().decode(await target.files.read(path));
  const lines = bundle.split('\n');
  const tampered = [lines[0], ...lines.slice(1).map((l, i) => (i === 0 ? l.replace(/"path":"[^"]*"/, '"path":"elsewhere.md"') : l))].join('\n');
  const out = {
    bundle,
    imported: summarize(imported),
    identical: JSON.stringify(Object.entries(restored).sort()) === JSON.stringify(Object.entries(files).sort()),
    tampered: summarize(await X.importBundle(tampered, { files: S.memoryFiles({}), records: X.memoryRecords?.() })),
    truncated: summarize(await X.importBundle(lines.slice(0, -2).join('\n') + '\n', { files: S.memoryFiles({}), records: X.memoryRecords?.() })),
  };
  if (typeof X.drill === 'function') {
    const report = await X.drill(bundle);
    out.drill = { ok: report.ok, sourceVersion: report.sourceVersion, counts: report.counts, compared: report.compared, problems: problemKeys(report.problems) };
  }
  return out;
}

/** Memory doc files for the index: two good docs and one that does not parse. */
const DOC_FILES = {
  '.thunderus/memory/FACTS/coverage.md':
    '---\nid: fact.coverage\ntitle: Coverage uses llvm-cov\nkind: fact\ntags: [testing]\ncreated: 2026-03-01T10:00:00Z\nupdated: 2026-03-01T10:00:00Z\nprovenance: { events: [evt_1], patches: [] }\nverification: { last_verified_commit: null, status: unknown }\n---\n# Coverage\n\nWe measure coverage with llvm-cov in CI; the report lands in target.\n',
  '.thunderus/memory/ADR-0001.md':
    '---\nid: adr.0001\ntitle: Search runs on SQLite\nkind: adr\ntags: [search]\ncreated: 2026-03-01T10:00:00Z\nupdated: 2026-03-01T10:00:00Z\nprovenance: { events: [], patches: [] }\nverification: { last_verified_commit: null, status: unknown }\n---\n# Decision\n\nSearch runs on SQLite FTS5 compiled to WASM, in browsers too.\n\n## Why SQLite\n\nOne engine everywhere.\n',
  '.thunderus/memory/recaps/2026-03-01.md':
    '---\nid: recap.2026-03-01\ntitle: Recap of March 1\nkind: recap\ntags: []\ncreated: 2026-03-01T10:00:00Z\nupdated: 2026-03-01T10:00:00Z\nprovenance: { events: [], patches: [] }\nverification: { last_verified_commit: null, status: unknown }\n---\nWe chose SQLite for search and llvm-cov for coverage.\n',
  '.thunderus/memory/FACTS/broken.md': '---\nid: [unclosed\n---\nbody\n',
};

/** The Store port scenario, run on every store the package offers (in memory, SQLite). */
async function storeScenario(store, S, beforeClose) {
  const out = { capabilities: store.capabilities ?? null };
  try {
    const files = S.memoryFiles(DOC_FILES);
    if (typeof S.rebuildSearchIndex === 'function') {
      out.rebuild = plain(await S.rebuildSearchIndex(store, files));
      out.rebuild.problems = problemKeys(out.rebuild.problems);
    } else {
      out.rebuild = null;
    }
    out.list = (await store.listDocs()).map((d) => [d.docId, d.kind, d.path, d.title, d.tags]);
    out.record = plain(await store.getDocRecord('adr.0001'));
    out.edge = summarize(await store.addEdge('adr.0001', 'derives_from', 'recap.2026-03-01'));
    out.edgeToUnknown = summarize(await store.addEdge('adr.0001', 'refers_to', 'nope'));
    if (typeof S.refreshIndex === 'function') {
      await files.write('.thunderus/memory/recaps/2026-03-01.md', new TextEncoder().encode(DOC_FILES['.thunderus/memory/recaps/2026-03-01.md'].replace('coverage.', 'coverage, and FTS5 ranking.')));
      await files.remove('.thunderus/memory/FACTS/coverage.md');
      if (typeof S.indexDrift === 'function') out.drift = problemKeys(await S.indexDrift(store, files));
      const refreshed = plain(await S.refreshIndex(store, files));
      refreshed.problems = problemKeys(refreshed.problems);
      out.refresh = refreshed;
      if (typeof S.indexDrift === 'function') out.driftAfter = problemKeys(await S.indexDrift(store, files));
    }
    out.stale = await store.stale();
    if (store.capabilities?.search) {
      const hits = (r) => (r.ok ? r.value.map((h) => [h.docId, h.kind, h.snippet, round(h.score)]) : problemKeys(r.problems));
      out.search = hits(await store.search('sqlite'));
      out.searchKinds = hits(await store.search('sqlite ranking', { kinds: ['recap'], match: 'any' }));
      out.searchTags = hits(await store.search('search', { tags: ['search'] }));
      out.searchHostile = hits(await store.search('"unbalanced AND ( NEAR/ * - \' ;drop table docs;--'));
      if (store.capabilities.advancedSearch) out.searchAdvancedBad = hits(await store.search('AND OR (', { mode: 'advanced' }));
    }
    const h0 = '0'.repeat(64);
    out.ledger = summarize(await store.appendLedger('smoke', JSON.stringify({ n: 1 }), h0));
    out.ledgerFork = summarize(await store.appendLedger('smoke', JSON.stringify({ n: 2 }), h0));
    out.ledgerRead = await store.readLedger('smoke');
    out.filePut = summarize(await store.putFile('notes/a.txt', new TextEncoder().encode('a')));
    out.fileTraversal = summarize(await store.putFile('../escape.txt', new TextEncoder().encode('x')));
    out.files = await store.listFiles('');
    if (beforeClose) await beforeClose(store);
  } finally {
    await store.close?.();
  }
  return out;
}

/** Scores rounded so float formatting cannot differ between engines' last bits. */
const round = (x) => (typeof x === 'number' ? Number(x.toPrecision(12)) : x);

/** Problems reduced to what must agree across runtimes: code, severity, file, pointer, line. */
function problemKeys(x) {
  const list = Array.isArray(x) ? x : x && Array.isArray(x.problems) ? x.problems : x;
  if (!Array.isArray(list)) return plain(x);
  return list.map((p) => [p.code, p.severity, p.file ?? '', p.pointer ?? '', p.line ?? ''].join(' ').trimEnd());
}

/** A Result reduced to ok + problems + value, JSON-safe. */
function summarize(r) {
  if (r && typeof r === 'object' && 'ok' in r) return { ok: r.ok, problems: problemKeys(r.problems ?? []), value: plain(r.value) };
  return plain(r);
}

function describeError(e) {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** Deep copy into plain JSON: bytes as hex, Maps/Sets as arrays, functions dropped, cycles cut. */
export function plain(x, seen = new Set(), depth = 0) {
  if (x === null || x === undefined) return null;
  if (typeof x === 'bigint') return `${x}n`;
  if (typeof x === 'number') return Number.isFinite(x) ? x : String(x);
  if (typeof x === 'string' || typeof x === 'boolean') return x;
  if (typeof x === 'function' || typeof x === 'symbol') return undefined;
  if (depth > 40) return '[deep]';
  if (seen.has(x)) return '[cycle]';
  seen.add(x);
  try {
    if (x instanceof Uint8Array) return { hex: Array.from(x, (b) => b.toString(16).padStart(2, '0')).join('') };
    if (x instanceof Error) return { error: describeError(x), code: x.code ?? null, problems: x.problems ? problemKeys(x.problems) : null };
    if (x instanceof Date) return x.toISOString();
    if (x instanceof Map) return [...x].map(([k, v]) => [plain(k, seen, depth + 1), plain(v, seen, depth + 1)]);
    if (x instanceof Set) return [...x].map((v) => plain(v, seen, depth + 1));
    if (Array.isArray(x)) return x.map((v) => plain(v, seen, depth + 1) ?? null);
    const out = {};
    for (const k of Object.keys(x)) {
      const v = plain(x[k], seen, depth + 1);
      if (v !== undefined) out[k] = v;
    }
    return out;
  } finally {
    seen.delete(x);
  }
}

/**
 * Names of sections that threw, and validator samples that did not validate:
 * the Node test asserts this is empty.
 * @param {Awaited<ReturnType<typeof smoke>>} result
 */
export function smokeFailures(result) {
  const out = [];
  for (const [name, value] of Object.entries(result.sections)) {
    if (value && typeof value === 'object' && 'threw' in value) out.push(`${name}: ${value.threw}`);
  }
  const v = result.sections.validate;
  if (v) {
    for (const [id, problems] of Object.entries(v.valid)) if (problems.length) out.push(`validate ${id}: sample rejected: ${problems.join('; ')}`);
    for (const id of v.missingSamples) out.push(`validate ${id}: no sample in test/smoke/samples.js`);
    for (const [id, problems] of Object.entries(v.invalid)) if (!problems.length) out.push(`validate ${id}: {} accepted`);
  }
  for (const s of result.sections.arbitraries?.invalid ?? []) out.push(`arbitraries: generated value rejected: ${s}`);
  // The behaviours the suite exists to show, so "equal to Node" can never mean "equally broken".
  const sec = result.sections;
  const expect = (ok, what) => {
    if (!ok) out.push(`expected: ${what}`);
  };
  if (sec['parse-frontmatter'] && !sec['parse-frontmatter'].threw) {
    expect(sec['parse-frontmatter'].roundTrip === true && sec['parse-frontmatter'].crlfRoundTrip === true, 'frontmatter round-trips byte for byte');
  }
  if (sec.ledger && !sec.ledger.threw) {
    expect(sec.ledger.verify?.problems?.length === 0, 'the appended ledger verifies');
    expect(sec.ledger.edited?.problems?.length > 0 && sec.ledger.truncated?.problems?.length > 0, 'an edit and a truncation are detected');
    expect(sec.ledger.inclusionVerified === true && sec.ledger.inclusionWrongLeaf === false, 'the inclusion proof verifies, and not for another leaf');
    expect(sec.ledger.consistencyVerified !== false, 'the consistency proof verifies');
  }
  if (sec.exchange && !sec.exchange.threw) {
    expect(sec.exchange.identical === true && sec.exchange.tampered?.ok === false && sec.exchange.drill?.ok !== false, 'export → import is exact, tampering is rejected, the drill passes');
  }
  if (sec.sqlite && !sec.sqlite.threw) {
    const hits = sec.sqlite.scenario?.search;
    expect(Array.isArray(hits) && hits.length > 0 && hits[0][0] === 'adr.0001', 'SQLite search finds the ADR first');
  }
  // Every module has landed: a skipped section means an export the suite relies on is gone.
  for (const name of result.skipped) out.push(`${name}: skipped (the exports it needs are missing)`);
  return out;
}
