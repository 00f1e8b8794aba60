// The one smoke suite that Node, Deno and headless Chromium all run against the
// BUILT package (docs/runtimes.md). It takes the package's modules, exercises
// every public area that exists, and returns a JSON-serializable result; the
// runtimes' results must be deep-equal (Node writes its result, Deno and the
// browser compare against it).
//
// Plain JavaScript, no imports of its own: each runtime loads the modules its
// own way (packed package, relative dist/ paths, import map) and passes them in.
// Every section is guarded by feature detection, so the suite runs today and
// picks each module up as it lands. Inputs are fixed and clocks are injected:
// the result depends on memkit alone, never on the runtime or the time.

import { samples } from './samples.js';

/** The subpath modules the smoke suite reads (`core` is `memkit`). */
export const SMOKE_SUBPATHS = ['core', 'schemas', 'ledger', 'wbs', 'threads', 'exchange', 'store', 'sqlite'];

const FIXED_NOW = '2026-03-01T12:00:00.000Z';
/** A clock that always answers the same instant. */
const fixedClock = () => new Date(FIXED_NOW);

/**
 * Runs the suite.
 * @param {Record<string, Record<string, unknown> | undefined>} mods modules by name (`core`, `ledger`, …)
 * @returns {Promise<{ exports: Record<string, string[]>, sections: Record<string, unknown>, skipped: string[] }>}
 */
export async function smoke(mods) {
  const result = { exports: {}, sections: {}, skipped: [] };
  for (const name of SMOKE_SUBPATHS) {
    const m = mods[name];
    result.exports[name] = m === undefined ? null : Object.keys(m).filter((k) => k !== 'default' || m.default !== undefined).sort();
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
    const parsed = await core.parseFrontmatter(frontmatterDoc);
    const out = { parsed: summarize(parsed), bad: summarize(await core.parseFrontmatter('---\na: [\n---\nbody\n')) };
    const value = parsed && parsed.ok ? parsed.value : undefined;
    for (const name of ['serializeFrontmatter', 'serialize']) {
      if (value !== undefined && fn(core, name)) {
        try {
          out.roundTrip = (await core[name](value)) === frontmatterDoc;
          break;
        } catch {
          /* a differently shaped serializer; the parse result above still counts */
        }
      }
    }
    return out;
  });

  // --- ledgers: a three-entry chain, verified, tampered, and a checkpoint with an inclusion proof.
  const L = mods.ledger;
  await section('ledger', L && Object.keys(L).length > 0 && fn(core, 'hashJson'), () => ledgerSection(L, core));

  // --- WBS.
  const W = mods.wbs;
  await section('wbs', W && Object.keys(W).length > 0, async () => {
    const index = samples['wbs-task-index'];
    const broken = { ...index, tasks: index.tasks.map((t) => (t.id === '1.1.1' ? { ...t, parent: '1', dependencies: ['9'] } : t)) };
    const out = {};
    if (fn(W, 'checkWbs')) out.check = { good: problemKeys(await W.checkWbs(index)), broken: problemKeys(await W.checkWbs(broken)) };
    if (fn(W, 'rollup')) out.rollup = await W.rollup(index);
    if (fn(W, 'readyTasks')) out.ready = await W.readyTasks(index);
    if (fn(W, 'topologicalOrder')) out.order = await W.topologicalOrder(index);
    if (fn(W, 'compareWbsIds')) out.sorted = ['1.10', '1.9', '2', '1'].sort(W.compareWbsIds);
    return out;
  });

  // --- thread stores.
  const Th = mods.threads;
  await section('threads', Th && Object.keys(Th).length > 0, async () => {
    const store = samples['thread-store'];
    const out = {};
    if (fn(Th, 'checkThreadStore')) {
      out.check = problemKeys(await Th.checkThreadStore(store));
      out.brokenCount = problemKeys(await Th.checkThreadStore({ ...store, metadata: { ...store.metadata, thread_count: 5 } }));
    }
    if (fn(Th, 'rebuildRelations')) out.relations = await Th.rebuildRelations(store);
    if (fn(Th, 'applyOperation')) {
      const env = { now: fixedClock, clock: fixedClock, newId: () => 'op2', id: () => 'op2', operator: 'user' };
      out.freezeFrozen = summarize(await Th.applyOperation(store, { command: 'freeze', operator: 'user', params: { id: 'child' } }, env));
    }
    return out;
  });

  // --- export bundles.
  const X = mods.exchange;
  await section('exchange', X && Object.keys(X).length > 0, () => exchangeSection(X));

  // --- store port (in-memory store).
  const S = mods.store;
  await section('store', S && Object.keys(S).length > 0, () => ({
    exports: Object.keys(S).sort(),
    memoryFiles: fn(S, 'memoryFiles') ? memoryFilesRoundTrip(S) : null,
  }));

  // --- SQLite store in WASM: open, index, search.
  const Q = mods.sqlite;
  await section('sqlite', Q && Object.keys(Q).length > 0, () => sqliteSection(Q, core));

  return result;
}

async function memoryFilesRoundTrip(S) {
  const files = S.memoryFiles({});
  await files.write('a/b.md', new TextEncoder().encode('hello'));
  const read = await files.read('a/b.md');
  return { read: new TextDecoder().decode(read), list: await files.list('a/') };
}

/** Ledger section: discovers the ledger API and drives it with fixed inputs. */
async function ledgerSection(L, core) {
  const fn = (name) => (typeof L[name] === 'function' ? L[name] : undefined);
  const entries = [];
  let prev = '0'.repeat(64);
  for (let i = 1; i <= 3; i++) {
    const entry = {
      ts: `2026-03-0${i}T10:00:00Z`,
      author_agent: 'Planner',
      summary: `entry ${i}`,
      payload_hash: core.hashJson({ i }),
      payload_loc: `docs/${i}.md`,
      predecessor_hash: prev,
    };
    entries.push(entry);
    prev = core.hashJson(entry);
  }
  const text = entries.map((e) => JSON.stringify(e)).join('\n') + '\n';
  const tampered = text.replace('entry 2', 'entry X');
  const out = { exports: Object.keys(L).sort() };
  const verify = fn('verify') ?? fn('verifyLedger') ?? fn('verifyChain');
  if (verify) {
    out.verify = { good: problemKeys(await drain(verify(text))), tampered: problemKeys(await drain(verify(tampered))) };
  }
  const checkpoint = fn('checkpoint');
  if (checkpoint) {
    const cp = await checkpoint(entries);
    out.checkpoint = cp;
    const prove = fn('inclusionProof');
    const check = fn('verifyInclusion') ?? fn('verifyInclusionProof');
    if (prove) {
      try {
        const proof = await prove(entries, 1, entries.length);
        out.inclusionProof = proof;
        if (check) out.inclusionVerified = await check(proof, cp, entries[1]);
      } catch (e) {
        out.inclusionProof = { threw: describeError(e) };
      }
    }
  }
  return out;
}

/** Exchange section: export fixed records and read them back when the API allows. */
async function exchangeSection(X) {
  const out = { exports: Object.keys(X).sort() };
  if (typeof X.migrations === 'object' && X.migrations !== null) out.migrations = Object.keys(X.migrations).sort();
  if (typeof X.CURRENT_SCHEMA_VERSION === 'number') out.currentSchemaVersion = X.CURRENT_SCHEMA_VERSION;
  return out;
}

/** SQLite section: open the store, index two docs, search, and dump the bytes size class. */
async function sqliteSection(Q, core) {
  const out = { exports: Object.keys(Q).sort() };
  const open = ['openSqliteStore', 'openStore', 'createSqliteStore', 'open'].find((n) => typeof Q[n] === 'function');
  if (!open) return out;
  const store = await Q[open]({ now: fixedClock, clock: fixedClock });
  out.opened = open;
  const docs = [
    { ...samples['memory-doc'], path: '.thunderus/memory/FACTS/llvm-cov.md', body: 'We measure coverage with llvm-cov in CI.' },
    { ...samples['memory-doc'], id: 'adr.0001', kind: 'adr', title: 'Use SQLite FTS5', path: '.thunderus/memory/ADR-0001.md', body: 'Search runs on SQLite FTS5 in WASM.' },
  ];
  const put = ['putDoc', 'upsertDoc', 'indexDoc', 'put'].find((n) => typeof store[n] === 'function');
  if (put) for (const d of docs) await store[put](d);
  out.put = put ?? null;
  if (typeof store.search === 'function') {
    const hits = await store.search('sqlite');
    const list = Array.isArray(hits) ? hits : hits && hits.ok ? hits.value : hits;
    out.search = plain(list);
  }
  if (typeof store.close === 'function') await store.close();
  return out;
}

/** Collects an async iterable / promise / array of problems into an array. */
async function drain(x) {
  const v = await x;
  if (v && typeof v[Symbol.asyncIterator] === 'function') {
    const all = [];
    for await (const p of v) all.push(p);
    return all;
  }
  return v;
}

/** Problems reduced to what must agree across runtimes: code, severity, pointer, line. */
function problemKeys(x) {
  const list = Array.isArray(x) ? x : x && Array.isArray(x.problems) ? x.problems : x;
  if (!Array.isArray(list)) return plain(x);
  return list.map((p) => [p.code, p.severity, p.pointer ?? null, p.line ?? null].join(' '));
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
  return out;
}
