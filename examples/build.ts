/**
 * Builds examples/agent-memory (a clean memory directory holding every format
 * of every seed) and examples/broken (one clear instance of each problem class,
 * with README.md listing what `memkit check` reports). Hashes, chains and the
 * export digest are computed here, so the examples stay right when edited.
 *
 *   npx tsx examples/build.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashJson, sha256Hex } from '../src/canonical/index.js';
import { checkDirectory, sourceFromFilePort } from '../src/check/index.js';
import { BundleDigest, exportToString, memoryRecords } from '../src/exchange/index.js';
import { jsHasher } from '../src/canonical/index.js';
import { entryHash, serializeEntry } from '../src/ledger/index.js';
import { parseFrontmatter, stringifyFeedbackEntry, stringifyFrontmatter } from '../src/parse/index.js';
import type { Problem } from '../src/problems/index.js';
import { MEMORY_STORE_SQL } from '../src/schemas/memory-store-sql.js';
import { memoryFiles } from '../src/store/file-port.js';
import { rebuildWbsIndex } from '../src/wbs/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const ZERO = '0'.repeat(64);
const json = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

type Files = Record<string, string | Uint8Array>;

// ---------------------------------------------------------------- thunderus
const DOC_KEYS = ['id', 'title', 'kind', 'tags', 'created', 'updated', 'provenance', 'verification'];
interface Doc {
  path: string;
  fm: { id: string; title: string; kind: string; tags: string[]; created: string; updated: string; provenance: { events: string[]; patches: string[]; commits?: string[] }; verification: { last_verified_commit: string | null; status: string } };
  body: string;
}

const COMMIT_A = '3f2a9c4e1b7d8a6f5e4c3b2a19081726354a5b6c';
const COMMIT_B = '9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c';

const docs: Doc[] = [
  {
    path: '.thunderus/memory/core/CORE.md',
    fm: { id: 'core.identity', title: 'Who this agent is and how it works', kind: 'core', tags: ['core', 'identity'], created: '2026-02-18T09:00:00Z', updated: '2026-02-20T10:30:00Z', provenance: { events: ['evt_0001'], patches: [], commits: [COMMIT_A] }, verification: { last_verified_commit: COMMIT_A, status: 'verified' } },
    body: '# Core\n\nI am the coding agent for the `memkit` repository.\n\n## Working rules\n\n- Run `npx vitest run` before proposing a patch.\n- Never edit `memory-bank/systemPatterns.md` directly; propose a decision instead.\n',
  },
  {
    path: '.thunderus/memory/semantic/FACTS/testing.md',
    fm: { id: 'fact.testing.vitest', title: 'Testing conventions', kind: 'fact', tags: ['testing', 'vitest'], created: '2026-02-20T09:12:00Z', updated: '2026-02-20T09:40:00Z', provenance: { events: ['evt_0002', 'evt_0003', 'evt_0004'], patches: ['patch_0001'], commits: [COMMIT_A] }, verification: { last_verified_commit: COMMIT_A, status: 'verified' } },
    body: '# Testing conventions\n\nTests live in `test/` and mirror `src/`. Run one folder with `npx vitest run test/<folder>`.\n\n## Property tests\n\nUse fast-check with an explicit `numRuns`.\n',
  },
  {
    path: '.thunderus/memory/semantic/FACTS/build.md',
    fm: { id: 'fact.build.tsup', title: 'How the package is built', kind: 'fact', tags: ['build'], created: '2026-02-20T11:00:00Z', updated: '2026-02-21T08:05:00Z', provenance: { events: ['evt_0008'], patches: ['patch_0002'] }, verification: { last_verified_commit: null, status: 'unknown' } },
    body: '# Build\n\n`tsup` writes ESM and CommonJS to `dist/`; `__MEMKIT_VERSION__` is defined at build time.\n',
  },
  {
    path: '.thunderus/memory/semantic/ADR-0001-sqlite-store.md',
    fm: { id: 'adr.0001.sqlite-store', title: 'ADR-0001: SQLite FTS5 as the search index', kind: 'adr', tags: ['adr', 'store', 'search'], created: '2026-02-19T15:00:00Z', updated: '2026-02-19T15:00:00Z', provenance: { events: ['evt_0001'], patches: [] }, verification: { last_verified_commit: COMMIT_B, status: 'stale' } },
    body: '# ADR-0001: SQLite FTS5 as the search index\n\n## Status\n\nAccepted.\n\n## Decision\n\nThe index is a projection of the docs on disk, rebuilt with `memkit index`.\n',
  },
  {
    path: '.thunderus/memory/procedural/PLAYBOOKS/release.md',
    fm: { id: 'playbook.release', title: 'Cutting a release', kind: 'playbook', tags: ['release'], created: '2026-02-21T08:00:00Z', updated: '2026-02-21T08:00:00Z', provenance: { events: ['evt_0007'], patches: [] }, verification: { last_verified_commit: null, status: 'unknown' } },
    body: '# Cutting a release\n\n1. `npx memkit check .`\n2. Update `CHANGELOG.md`.\n3. Tag and publish.\n',
  },
  {
    path: '.thunderus/memory/episodic/2026-02-20.md',
    fm: { id: 'recap.2026-02-20', title: 'Session recap 2026-02-20', kind: 'recap', tags: ['recap'], created: '2026-02-20T18:00:00Z', updated: '2026-02-20T18:00:00Z', provenance: { events: ['evt_0001', 'evt_0004', 'evt_0005', 'evt_0006'], patches: ['patch_0001'] }, verification: { last_verified_commit: COMMIT_A, status: 'verified' } },
    body: '# Session recap 2026-02-20\n\n## Summary\n\nMoved the test runner to vitest and recorded the conventions.\n\n## Decisions\n\n- DEC-20260220-001: SQLite FTS5 index.\n\n## Provenance\n\n- events: evt_0001, evt_0004, evt_0005, evt_0006\n- patches: patch_0001\n',
  },
];

const events = [
  { v: 1, id: 'evt_0001', ts: '2026-02-20T09:00:00Z', session_id: 'sess_20260220a', actor: 'user', kind: 'message', refs: {}, body: { text: 'Please switch the tests to vitest.' } },
  { v: 1, id: 'evt_0002', ts: '2026-02-20T09:05:00Z', session_id: 'sess_20260220a', actor: 'agent', kind: 'tool_call', refs: { paths: ['package.json'] }, body: { tool: 'shell', command: 'npm ls vitest' } },
  { v: 1, id: 'evt_0003', ts: '2026-02-20T09:05:02Z', session_id: 'sess_20260220a', actor: 'tool', kind: 'tool_result', refs: {}, body: { exit_code: 0 } },
  { v: 1, id: 'evt_0004', ts: '2026-02-20T09:20:00Z', session_id: 'sess_20260220a', actor: 'agent', kind: 'patch', refs: { patch_id: 'patch_0001', paths: ['vitest.config.ts', 'package.json'] }, body: { summary: 'add vitest config' } },
  { v: 1, id: 'evt_0005', ts: '2026-02-20T09:25:00Z', session_id: 'sess_20260220a', actor: 'user', kind: 'approval', refs: { patch_id: 'patch_0001' }, body: { approved: true } },
  { v: 1, id: 'evt_0006', ts: '2026-02-20T09:30:00Z', session_id: 'sess_20260220a', actor: 'tool', kind: 'snapshot', refs: { snapshot_id: 'snap_0001', paths: ['.'] }, body: { files: 42 } },
  { v: 1, id: 'evt_0007', ts: '2026-02-20T09:40:00Z', session_id: 'sess_20260220a', actor: 'agent', kind: 'note', refs: { memory_doc_ids: ['fact.testing.vitest', 'recap.2026-02-20'], snapshot_id: 'snap_0001' }, body: { text: 'Recorded testing conventions.' } },
  { v: 1, id: 'evt_0008', ts: '2026-02-21T08:00:00Z', session_id: 'sess_20260221a', actor: 'agent', kind: 'patch', refs: { patch_id: 'patch_0002', paths: ['tsup.config.ts'] }, body: { summary: 'define __MEMKIT_VERSION__' } },
];

function docText(d: Doc): string {
  return stringifyFrontmatter(d.fm as unknown as Record<string, unknown>, d.body, { keyOrder: DOC_KEYS });
}

function manifestOf(list: Doc[]) {
  return {
    version: 1,
    generated_at: '2026-02-21T08:10:00Z',
    docs: list.map((d) => ({ path: d.path, id: d.fm.id, kind: d.fm.kind, title: d.fm.title, tags: d.fm.tags, updated: d.fm.updated, provenance: d.fm.provenance })),
  };
}

const GARDENER_TOML = `# Rules for tending .thunderus/memory (memkit gardener config).
version = 1
allowed_kinds = ["core", "fact", "adr", "playbook", "recap"]

[size_caps]
max_doc_bytes = 16384
max_total_bytes = 1048576
max_docs = 500

[size_caps.max_docs_per_kind]
core = 1
recap = 90

[dedup]
strategy = "normalized-text"

[recap_template]
path = "memory/episodic/<date>.md"
required_sections = ["Summary", "Decisions", "Provenance"]
`;

// ---------------------------------------------------------------- memory bank
function chain<T extends Record<string, unknown>>(drafts: T[]): (T & { predecessor_hash: string })[] {
  let prev = ZERO;
  return drafts.map((d) => {
    const e = { ...d, predecessor_hash: prev };
    prev = entryHash(e);
    return e;
  });
}

const ledgerText = (title: string, note: string, entries: unknown[]) => `# ${title}\n\n${note}\n\n${entries.map((e) => serializeEntry(e)).join('\n')}\n`;

const SYSTEM_PATTERNS_BODY = `# System Patterns

## Architecture

- Core folders never import adapters, node or cli code.
- Every write is atomic: temp file, fsync, rename.

## Integrity

- Ledgers are JSON Lines with \`predecessor_hash\` chains.
- This body changes only with a decisionLog.md entry and a human-approved PR.
`;
// Version 1.1.0 appended a section; each version's new text is backed by a decision's diff_hash.
const SYSTEM_PATTERNS_APPEND = `
## Search

- The SQLite index is a projection of the docs on disk; rebuild it, never edit it.
`;
const SYSTEM_PATTERNS_FULL = SYSTEM_PATTERNS_BODY + SYSTEM_PATTERNS_APPEND;
const systemPatternsHash = sha256Hex(SYSTEM_PATTERNS_FULL);

const productPayload = { vision: 'One trustworthy implementation of agent memory formats.', audience: ['agent frameworks', 'CI'], version: 1 };
const productEntries = chain([
  { ts: '2026-02-20T08:00:00Z', author_agent: 'ProductManager', summary: 'Product vision v1: trustworthy memory formats for coding agents.', payload_hash: hashJson(productPayload), payload_loc: 'payloads/product-vision.json' },
]);
const activeEntries = chain([
  { ts: '2026-02-20T09:00:00Z', source_agent: 'ReaperOAK', source_chunks: [sha256Hex('chunk: vitest migration plan')], summary_128: 'Session started: migrate the test runner to vitest.' },
  { ts: '2026-02-20T12:00:00Z', source_agent: 'Backend', source_chunks: [sha256Hex('chunk: vitest config'), sha256Hex('chunk: ci workflow')], summary_128: 'vitest config landed; CI runs it on every push.' },
]);
const decisionEntries = chain([
  { id: 'DEC-20260220-001', ts: '2026-02-20T10:00:00Z', proposer_agent: 'Architect', rationale: 'Use SQLite FTS5 as a rebuildable search index over the memory docs.', diff_hash: sha256Hex('diff: add store adapter'), tests_passed: true },
  { id: 'DEC-20260220-002', ts: '2026-02-20T16:00:00Z', proposer_agent: 'ReaperOAK', rationale: 'Adopt systemPatterns.md v1.0.0 (architecture and integrity rules).', diff_hash: sha256Hex(SYSTEM_PATTERNS_BODY), tests_passed: true },
  { id: 'DEC-20260221-001', ts: '2026-02-21T09:00:00Z', proposer_agent: 'Architect', rationale: 'systemPatterns.md v1.1.0: append the Search section.', diff_hash: sha256Hex(SYSTEM_PATTERNS_APPEND), tests_passed: true },
]);
const riskEntries = chain([
  { risk_id: 'RISK-20260220-001', ts: '2026-02-20T11:00:00Z', reporter_agent: 'Security', threat_type: 'Tampering', severity: 'HIGH', description: 'Ledger lines could be edited in place without detection.', mitigation: 'predecessor_hash chains verified on every PR.', status: 'MITIGATED' },
  { risk_id: 'RISK-20260220-002', ts: '2026-02-20T11:30:00Z', reporter_agent: 'Security', threat_type: 'Denial of Service', severity: 'MEDIUM', description: 'YAML alias bombs in frontmatter.', mitigation: 'Alias expansion limit in the parser.', status: 'OPEN' },
]);
const feedbackEntries = chain([
  { timestamp: '2026-02-20T13:00:00Z', from_agent: 'CIReviewer', to_agent: 'Backend', category: 'defect', severity: 'medium', artifact_path: 'src/store/sqlite.ts', description: 'The index is not refreshed after a doc is deleted.', evidence: 'test/store/refresh.test.ts fails on the delete case.' },
  { timestamp: '2026-02-20T15:00:00Z', from_agent: 'Backend', to_agent: 'CIReviewer', category: 'praise', severity: 'low', artifact_path: 'test/store/refresh.test.ts', description: 'Clear, minimal reproduction; fixed in the next patch.', evidence: 'patch_0002' },
]);
const FEEDBACK_PREAMBLE = '# Feedback Log\n\nInter-agent quality signals, appended by reviewers.\n\n';
const feedbackText = (entries: Record<string, unknown>[]) => FEEDBACK_PREAMBLE + entries.map((e) => stringifyFeedbackEntry(e)).join('');

const PROGRESS = `# Progress

| task_id | status | agent | milestone_severity | updated_at |
|---|---|---|---|---|
| 1.1.1 | DONE | Backend | MEDIUM | 2026-02-20T12:00:00Z |
| 1.1.2 | DONE | Backend | LOW | 2026-02-20T14:00:00Z |
| 1.2.1 | REVIEW | Frontend | HIGH | 2026-02-21T09:00:00Z |
| 1.2.2 | IN_PROGRESS | Frontend | MEDIUM | 2026-02-21T10:00:00Z |
`;

const workflowState = {
  session_id: 'SESSION-20260220-090000',
  started_at: '2026-02-20T09:00:00Z',
  overall_status: 'active',
  current_phase: 'VALIDATE',
  phases: {
    SPEC: { status: 'completed', agents: ['ProductManager', 'Architect'], outputs: ['memory-bank/productContext.md'] },
    BUILD: { status: 'completed', agents: ['Backend'], outputs: ['src/store/sqlite.ts'] },
    VALIDATE: { status: 'active', agents: ['CIReviewer'], outputs: [] },
  },
  fix_loop_count: 1,
  blockers: [],
};

// ---------------------------------------------------------------- WBS
const tasks: Record<string, Record<string, unknown>> = {
  '1': { id: '1', type: 'epic', title: 'Searchable agent memory', status: 'in-progress', parent: null, children: ['1.1', '1.2'], dependencies: [] },
  '1.1': { id: '1.1', type: 'feature', title: 'SQLite index', status: 'done', parent: '1', children: ['1.1.1', '1.1.2'], dependencies: [] },
  '1.1.1': { id: '1.1.1', type: 'task', title: 'Schema and migrations', description: 'Apply memory_store.sql.', status: 'done', parent: '1.1', children: [], dependencies: [], acceptanceCriteria: ['docs, docs_fts and doc_edges exist'], deliverables: ['src/store/schema.ts'], tests: ['npx vitest run test/store'], agent: 'Backend', startedAt: '2026-02-20T10:00:00Z', completedAt: '2026-02-20T12:00:00Z', validationResults: { testsPass: true, deliverablesExist: true } },
  '1.1.2': { id: '1.1.2', type: 'task', title: 'Refresh on change', status: 'done', parent: '1.1', children: [], dependencies: ['1.1.1'], agent: 'Backend', startedAt: '2026-02-20T12:30:00Z', completedAt: '2026-02-20T14:00:00Z' },
  '1.2': { id: '1.2', type: 'feature', title: 'Search UI', status: 'in-progress', parent: '1', children: ['1.2.1', '1.2.2'], dependencies: ['1.1'] },
  '1.2.1': { id: '1.2.1', type: 'task', title: 'Implement SearchBox', status: 'done', parent: '1.2', children: [], dependencies: [], deliverables: ['src/ui/SearchBox.tsx'], agent: 'Frontend', startedAt: '2026-02-21T08:00:00Z', completedAt: '2026-02-21T09:00:00Z' },
  '1.2.2': { id: '1.2.2', type: 'task', title: 'Implement ResultList', status: 'in-progress', parent: '1.2', children: [], dependencies: ['1.2.1'], agent: 'Frontend', startedAt: '2026-02-21T09:30:00Z', completedAt: null, validationResults: { testsPass: false, deliverablesExist: false } },
};

// ---------------------------------------------------------------- threads
const threadStore = {
  version: '1.0.0',
  metadata: { last_updated: '2026-02-21T10:00:00Z', thread_count: 3 },
  threads: {
    'memkit-main': { id: 'memkit-main', title: 'memkit', objective: 'Ship memkit 0.1.0', created_at: '2026-02-18T09:00:00Z', status: 'active', tags: ['release'], parent_id: null, storage_path: 'threads/memkit-main' },
    'store-index': { id: 'store-index', title: 'Store index', objective: 'SQLite FTS5 index over memory docs', created_at: '2026-02-19T10:00:00Z', status: 'frozen', tags: ['store'], parent_id: 'memkit-main', storage_path: 'threads/store-index' },
    'search-ui': { id: 'search-ui', title: 'Search UI', objective: 'Search box and result list', created_at: '2026-02-20T10:00:00Z', status: 'active', parent_id: 'memkit-main', storage_path: 'threads/search-ui' },
  },
  operations: [
    { id: 'op-001', timestamp: '2026-02-19T10:00:00Z', command: 'spawn', operator: 'user', params: { parent_id: 'memkit-main', child_id: 'store-index', objective: 'SQLite FTS5 index over memory docs' } },
    { id: 'op-002', timestamp: '2026-02-20T10:00:00Z', command: 'spawn', operator: 'agent', params: { parent_id: 'memkit-main', child_id: 'search-ui', objective: 'Search box and result list' } },
    { id: 'op-003', timestamp: '2026-02-20T11:00:00Z', command: 'reference', operator: 'agent', params: { from_id: 'search-ui', to_id: 'store-index', asset_path: 'threads/store-index/api.md' } },
    { id: 'op-004', timestamp: '2026-02-21T09:00:00Z', command: 'freeze', operator: 'system', params: { thread_id: 'store-index' } },
    { id: 'op-005', timestamp: '2026-02-21T10:00:00Z', command: 'update', operator: 'user', params: { thread_id: 'search-ui', title: 'Search UI' } },
  ],
  relations: {
    'memkit-main': { children: ['store-index', 'search-ui'], references_to: [], referenced_by: [], depends_on: [] },
    'store-index': { children: [], references_to: [], referenced_by: ['search-ui'], depends_on: [] },
    'search-ui': { children: [], references_to: ['store-index'], referenced_by: [], depends_on: ['store-index'] },
  },
};

// ---------------------------------------------------------------- export bundles
// The ADR-0002 v1 example, with memkit's optional record_counts and digest so it verifies itself.
function v1Bundle(): string {
  const records = [
    { type: 'Identity', id: 'kani', name: 'Kani', role: 'coding agent', traits: ['careful', 'terse'], created_at: '2026-02-01T00:00:00Z' },
    { type: 'Fact', id: 'fact-vitest', statement: 'Tests run with vitest.', tags: ['testing'], source: 'evt_0004', created_at: '2026-02-20T01:00:00Z', updated_at: '2026-02-20T01:00:00Z' },
    { type: 'Decision', id: 'dec-sqlite', title: 'SQLite FTS5 index', rationale: 'Rebuildable projection of docs.', status: 'accepted', decided_at: '2026-02-19T15:00:00Z', supersedes: null },
  ];
  const lines = records.map((r) => JSON.stringify(r));
  const digest = new BundleDigest(jsHasher);
  for (const l of lines) digest.addText(l);
  const manifest: Record<string, unknown> = { superagents_export: '1', schema_version: 1, exported_at: '2026-02-20T02:00:00Z', agent_id: 'kani', record_types: ['Fact', 'Decision', 'Identity'], record_counts: { Decision: 1, Fact: 1, Identity: 1 } };
  manifest.digest = digest.finish(manifest);
  return [JSON.stringify(manifest), ...lines].join('\n') + '\n';
}

async function v2Bundle(): Promise<string> {
  const records = memoryRecords([
    { type: 'Identity', id: 'kani', name: 'Kani', role: 'coding agent', traits: [{ name: 'careful', note: null }, { name: 'terse', note: 'short answers' }], created_at: '2026-02-01T00:00:00Z', updated_at: '2026-02-20T00:00:00Z' },
    { type: 'Fact', id: 'fact-vitest', text: 'Tests run with vitest.', tags: ['testing'], source: 'evt_0004', created_at: '2026-02-20T01:00:00Z', updated_at: '2026-02-20T01:00:00Z' },
    { type: 'Decision', id: 'dec-sqlite', title: 'SQLite FTS5 index', rationale: 'Rebuildable projection of docs.', status: 'accepted', decided_at: '2026-02-19T15:00:00Z', supersedes: null, updated_at: '2026-02-19T15:00:00Z' },
    { type: 'DocEdge', src_doc_id: 'fact.testing.vitest', rel: 'derives_from', dst_doc_id: 'recap.2026-02-20' },
  ]);
  const r = await exportToString({ records }, { agentId: 'kani', env: { now: () => '2026-02-22T02:00:00Z' } });
  if (!r.ok) throw new Error('export failed: ' + JSON.stringify(r.problems));
  return r.value;
}

// ---------------------------------------------------------------- assemble
async function cleanFiles(): Promise<Files> {
  const f: Files = {};
  for (const d of docs) f[d.path] = docText(d);
  f['.thunderus/memory/indexes/manifest.json'] = json(manifestOf(docs));
  f['.thunderus/memory/gardener.toml'] = GARDENER_TOML;
  f['.thunderus/events.jsonl'] = events.map((e) => JSON.stringify(e)).join('\n') + '\n';
  f['.thunderus/schemas/memory_store.sql'] = MEMORY_STORE_SQL;
  f['memory-bank/systemPatterns.md'] = stringifyFrontmatter({ version: '1.1.0', hash: systemPatternsHash, locked_by: 'ReaperOAK', immutable: true }, SYSTEM_PATTERNS_FULL);
  f['memory-bank/productContext.md'] = ledgerText('Product Context', 'Append-only; writer: ProductManager.', productEntries);
  f['memory-bank/payloads/product-vision.json'] = json(productPayload);
  f['memory-bank/activeContext.md'] = ledgerText('Active Context', 'Append-only; compacted into decisionLog.md at session end.', activeEntries);
  f['memory-bank/decisionLog.md'] = ledgerText('Decision Log', 'Append-only and immutable; writer: ReaperOAK.', decisionEntries);
  f['memory-bank/riskRegister.md'] = ledgerText('Risk Register', 'Append-only; writers: Security, ReaperOAK.', riskEntries);
  f['memory-bank/progress.md'] = PROGRESS;
  f['memory-bank/workflow-state.json'] = json(workflowState);
  f['memory-bank/feedback-log.md'] = feedbackText(feedbackEntries);
  const artifactPaths = ['memory-bank/productContext.md', 'memory-bank/decisionLog.md'];
  f['memory-bank/artifacts-manifest.json'] = json({
    session_id: 'SESSION-20260220-090000',
    artifacts: artifactPaths.map((p, i) => ({ path: p, sha256: sha256Hex(f[p] as string), created_by: i === 0 ? 'ProductManager' : 'ReaperOAK', phase: i === 0 ? 'SPEC' : 'BUILD', created_at: i === 0 ? '2026-02-20T08:00:00Z' : '2026-02-20T16:00:00Z' })),
    dependency_graph: { 'memory-bank/decisionLog.md': ['memory-bank/productContext.md'], 'memory-bank/productContext.md': [] },
  });
  for (const [id, t] of Object.entries(tasks)) f[`.claude/memory/tasks/${id}.json`] = json(t);
  const taskFiles = Object.fromEntries(Object.entries(tasks).map(([id, t]) => [`tasks/${id}.json`, t]));
  f['.claude/memory/task-index.json'] = json(rebuildWbsIndex(taskFiles));
  f['threads/thread-store.json'] = json(threadStore);
  f['exports/kani-2026-02-20.v1.ndjson'] = v1Bundle();
  f['exports/kani-2026-02-22.ndjson'] = await v2Bundle();
  return f;
}

/** One planted problem: the file, the code `check` must report there, and the line (when the problem has one). */
interface Planted {
  file: string;
  code: string;
  line?: number;
  what: string;
}

function lineOf(text: string, needle: string): number {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`needle not found: ${needle}`);
  return text.slice(0, i).split('\n').length;
}

function brokenFiles(clean: Files): { files: Files; planted: Planted[] } {
  const f: Files = { ...clean };
  const planted: Planted[] = [];
  const text = (p: string) => f[p] as string;
  const plant = (p: Planted) => planted.push(p);

  // A memory doc whose kind is not one of the five.
  {
    const p = '.thunderus/memory/semantic/FACTS/build.md';
    f[p] = text(p).replace('status: unknown', 'status: checked');
    plant({ file: p, code: 'schema.enum', line: lineOf(text(p), 'status: checked'), what: 'frontmatter `verification.status` is not verified|stale|unknown' });
  }
  // A memory doc without frontmatter.
  {
    const p = '.thunderus/memory/semantic/FACTS/no-frontmatter.md';
    f[p] = '# Notes\n\nThis file forgot its frontmatter.\n';
    plant({ file: p, code: 'frontmatter.missing', line: 1, what: 'memory doc without YAML frontmatter' });
  }
  // A recap without a Provenance section.
  {
    const p = '.thunderus/memory/episodic/2026-02-20.md';
    f[p] = text(p).replace(/## Provenance[\s\S]*$/, '');
    plant({ file: p, code: 'check.recap-provenance', line: lineOf(text(p), '# Session recap'), what: 'episodic recap without a Provenance section' });
  }
  // Two docs with one id.
  {
    const p = '.thunderus/memory/procedural/PLAYBOOKS/release.md';
    f[p] = text(p).replace('id: playbook.release', 'id: core.identity');
    plant({ file: p, code: 'check.duplicate-doc-id', line: lineOf(text(p), 'id: core.identity'), what: 'two memory docs share an id (core/CORE.md has it first)' });
  }
  // Provenance naming an event and a patch that do not exist.
  {
    const p = '.thunderus/memory/core/CORE.md';
    f[p] = text(p).replace('events:\n    - evt_0001', 'events:\n    - evt_9999').replace('patches: []', 'patches:\n    - patch_9999');
    plant({ file: p, code: 'check.unknown-event', line: lineOf(text(p), 'provenance:'), what: 'provenance names an event no events.jsonl holds' });
    plant({ file: p, code: 'check.unknown-patch', line: lineOf(text(p), 'provenance:'), what: 'provenance names a patch no patch event records' });
  }
  // Manifest: a missing doc, and a stale title.
  {
    // The manifest is regenerated from the (broken) docs first, so only the planted entries disagree.
    const p = '.thunderus/memory/indexes/manifest.json';
    const m = JSON.parse(text(p));
    m.docs = m.docs.flatMap((entry: { path: string }) => {
      const parsed = typeof f[entry.path] === 'string' ? parseFrontmatter(f[entry.path] as string) : undefined;
      if (!parsed?.ok) return [entry];
      const d = parsed.value.data as Doc['fm'];
      return [{ path: entry.path, id: d.id, kind: d.kind, title: d.title, tags: d.tags, updated: d.updated, provenance: d.provenance }];
    });
    m.docs.push({ path: '.thunderus/memory/semantic/FACTS/deleted.md', id: 'fact.deleted', kind: 'fact', title: 'Deleted', tags: [], updated: '2026-02-20T00:00:00Z', provenance: { events: [], patches: [] } });
    m.docs[0].title = 'An old title';
    f[p] = json(m);
    plant({ file: p, code: 'check.manifest-stale', line: lineOf(text(p), '"title": "An old title"'), what: 'manifest entry disagrees with the doc frontmatter' });
    plant({ file: p, code: 'check.manifest-missing-doc', line: lineOf(text(p), '"path": ".thunderus/memory/semantic/FACTS/deleted.md"'), what: 'manifest lists a doc that does not exist' });
  }
  // events.jsonl: a bad line, an unknown doc ref, an unknown snapshot, a duplicate id, a schema error.
  {
    const p = '.thunderus/events.jsonl';
    const lines = text(p).trimEnd().split('\n');
    lines.push('{"v":1,"id":"evt_0009","ts":"2026-02-21T09:00:00Z", oops}');
    lines.push(JSON.stringify({ v: 1, id: 'evt_0010', ts: '2026-02-21T09:10:00Z', session_id: 'sess_20260221a', actor: 'agent', kind: 'note', refs: { memory_doc_ids: ['fact.never-written'] }, body: {} }));
    lines.push(JSON.stringify({ v: 1, id: 'evt_0011', ts: '2026-02-21T09:20:00Z', session_id: 'sess_20260221a', actor: 'agent', kind: 'note', refs: { snapshot_id: 'snap_0404' }, body: {} }));
    lines.push(JSON.stringify({ v: 1, id: 'evt_0003', ts: '2026-02-21T09:30:00Z', session_id: 'sess_20260221a', actor: 'tool', kind: 'tool_result', refs: {}, body: {} }));
    lines.push(JSON.stringify({ v: 1, id: 'evt_0012', ts: '2026-02-30T09:40:00Z', session_id: 'sess_20260221a', actor: 'robot', kind: 'note', refs: {}, body: {} }));
    f[p] = lines.join('\n') + '\n';
    const n = lines.length;
    plant({ file: p, code: 'jsonl.invalid-json', line: n - 4, what: 'a line that is not JSON' });
    plant({ file: p, code: 'check.unknown-doc-ref', line: n - 3, what: 'event refers to a memory doc id no doc has' });
    plant({ file: p, code: 'check.unknown-snapshot', line: n - 2, what: 'event refers to a snapshot no snapshot event records' });
    plant({ file: p, code: 'check.duplicate-event-id', line: n - 1, what: 'two events share an id' });
    plant({ file: p, code: 'schema.format', line: n, what: 'timestamp names a day that does not exist (Feb 30)' });
    plant({ file: p, code: 'schema.enum', line: n, what: 'actor is not user|agent|tool' });
  }
  // A torn write at the end of a second events file.
  {
    const p = 'sessions/2026-02-22/events.jsonl';
    f[p] = JSON.stringify(events[0]).replace('evt_0001', 'evt_0101') + '\n{"v":1,"id":"evt_0102","ts":"2026-02-22T0';
    plant({ file: p, code: 'jsonl.truncated-line', line: 2, what: 'last line cut off mid-write' });
  }
  // Gardener config: a JSON one with an unknown kind (and the TOML one removed).
  {
    delete f['.thunderus/memory/gardener.toml'];
    const p = '.thunderus/memory/gardener.json';
    f[p] = json({ version: 1, size_caps: { max_doc_bytes: 16384 }, allowed_kinds: ['fact', 'memo'], dedup: { strategy: 'exact' }, recap_template: { path: 'memory/episodic/<date>.md', required_sections: ['Provenance'] } });
    plant({ file: p, code: 'schema.enum', line: lineOf(text(p), '"memo"'), what: 'gardener allowed_kinds names an unknown kind' });
  }
  // A binary file where a memory doc belongs, and one that is not UTF-8.
  {
    const p = '.thunderus/memory/semantic/FACTS/image.md';
    f[p] = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    plant({ file: p, code: 'check.binary-file', what: 'binary data (a PNG header) named .md' });
    const q = '.thunderus/memory/semantic/FACTS/latin1.md';
    f[q] = new Uint8Array([...new TextEncoder().encode('---\nid: fact.latin1\ntitle: Caf'), 0xe9, 0x0a]);
    plant({ file: q, code: 'input.invalid-utf8', what: 'Latin-1 bytes, not UTF-8' });
  }
  // decisionLog.md: an entry edited in place breaks the chain at the next entry.
  {
    const p = 'memory-bank/decisionLog.md';
    f[p] = text(p).replace('Use SQLite FTS5 as a rebuildable search index', 'Use Postgres as a rebuildable search index');
    plant({ file: p, code: 'ledger.predecessor-mismatch', line: lineOf(text(p), 'DEC-20260220-002'), what: 'entry 1 was edited, so entry 2\'s predecessor_hash no longer matches' });
  }
  // systemPatterns.md: body edited directly.
  {
    const p = 'memory-bank/systemPatterns.md';
    f[p] = text(p).replace('Every write is atomic', 'Writes may be partial');
    plant({ file: p, code: 'system-patterns.hash-mismatch', what: 'body edited without updating the header hash' });
    plant({ file: p, code: 'check.system-patterns-unrecorded', line: lineOf(text(p), 'hash:'), what: 'no decisionLog.md diff_hash covers the edited body (read as a first version no decision records)' });
  }
  // productContext.md: an entry written by an agent the writer policy does not allow (chain intact).
  {
    const p = 'memory-bank/productContext.md';
    const more = chain([...productEntries.map(({ predecessor_hash: _, ...e }) => e), { ts: '2026-02-21T08:00:00Z', author_agent: 'Intern', summary: 'Pivot to a todo app.', payload_hash: hashJson(productPayload), payload_loc: 'payloads/product-vision.json' }]);
    f[p] = ledgerText('Product Context', 'Append-only; writer: ProductManager.', more);
    plant({ file: p, code: 'ledger.writer-denied', line: lineOf(text(p), '"Intern"'), what: 'productContext.md entry by Intern; only ProductManager may write it' });
  }
  // riskRegister.md: severity outside the enum (chain re-computed so only the schema fails).
  {
    const p = 'memory-bank/riskRegister.md';
    const bad = chain(riskEntries.map(({ predecessor_hash: _, ...e }, i) => (i === 1 ? { ...e, severity: 'SEVERE' } : e)));
    f[p] = ledgerText('Risk Register', 'Append-only; writers: Security, ReaperOAK.', bad);
    plant({ file: p, code: 'ledger.schema-violation', line: lineOf(text(p), 'SEVERE'), what: 'severity is not CRITICAL|HIGH|MEDIUM|LOW' });
  }
  // progress.md: a status outside the enum.
  {
    const p = 'memory-bank/progress.md';
    f[p] = text(p).replace('| 1.2.2 | IN_PROGRESS |', '| 1.2.2 | WIP |');
    plant({ file: p, code: 'schema.enum', line: lineOf(text(p), '| 1.2.2 | WIP |'), what: 'progress status is not one of PENDING|IN_PROGRESS|REVIEW|DONE|BLOCKED' });
  }
  // feedback-log.md: the second block's predecessor_hash is wrong.
  {
    const p = 'memory-bank/feedback-log.md';
    const entries = feedbackEntries.map((e, i) => (i === 1 ? { ...e, predecessor_hash: 'f'.repeat(64) } : e));
    f[p] = feedbackText(entries);
    plant({ file: p, code: 'ledger.predecessor-mismatch', line: lineOf(text(p), '## 2026-02-20T15:00:00Z'), what: 'feedback block does not chain to the previous block' });
  }
  // workflow-state.json: fix_loop_count over 3.
  {
    const p = 'memory-bank/workflow-state.json';
    f[p] = json({ ...workflowState, fix_loop_count: 5 });
    plant({ file: p, code: 'schema.maximum', line: lineOf(text(p), '"fix_loop_count"'), what: 'fix_loop_count is 0-3' });
  }
  // WBS: the index disagrees with tasks/1.2.2.json about its dependencies; a task file not in the index.
  {
    const p = '.claude/memory/task-index.json';
    const index = JSON.parse(text(p));
    const e = index.tasks.find((t: { id: string }) => t.id === '1.2.2');
    e.dependencies = ['1.1.2'];
    f[p] = json(index);
    const q = '.claude/memory/tasks/1.2.2.json';
    plant({ file: q, code: 'wbs.entity-mismatch', what: 'tasks/1.2.2.json lists other dependencies than its index entry' });
    const r = '.claude/memory/tasks/1.3.json';
    f[r] = json({ id: '1.3', type: 'feature', title: 'Docs', status: 'pending' });
    plant({ file: r, code: 'wbs.entity-unindexed', what: 'task file with no index entry' });
  }
  // Thread store: a child whose parent does not list it.
  {
    const p = 'threads/thread-store.json';
    const s = structuredClone(threadStore);
    s.relations['memkit-main'].children = ['store-index'];
    f[p] = json(s);
    plant({ file: p, code: 'threads.child-not-listed', line: lineOf(text(p), '"parent_id": "memkit-main",\n      "storage_path": "threads/search-ui"'), what: 'search-ui names memkit-main as parent but is not in its children' });
  }
  // Export bundle: a record edited after export, so the digest no longer matches.
  {
    const p = 'exports/kani-2026-02-22.ndjson';
    f[p] = text(p).replace('Tests run with vitest.', 'Tests run with jest.');
    plant({ file: p, code: 'exchange.digest-mismatch', what: 'a record was edited after export' });
  }
  return { files: f, planted };
}

async function check(files: Files) {
  return checkDirectory(sourceFromFilePort(memoryFiles(files)));
}

function write(dir: string, files: Files): void {
  rmSync(dir, { recursive: true, force: true });
  for (const [p, data] of Object.entries(files)) {
    const abs = join(dir, p);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, data);
  }
}

const show = (p: Problem) => `${p.file ?? ''}:${p.line ?? ''} ${p.code} ${p.message}`;

async function main(): Promise<void> {
  const clean = await cleanFiles();
  const cleanReport = await check(clean);
  if (cleanReport.problems.length > 0) {
    console.error('examples/agent-memory is not clean:\n' + cleanReport.problems.map(show).join('\n'));
    process.exitCode = 1;
  }
  const { files, planted } = brokenFiles(clean);
  const report = await check(files);
  const missing = planted.filter((w) => !report.problems.some((p) => p.file === w.file && p.code === w.code && (w.line === undefined || p.line === w.line)));
  for (const m of missing) console.error(`planted but not reported: ${m.file}:${m.line ?? ''} ${m.code}`);
  const extra = report.problems.filter((p) => !planted.some((w) => p.file === w.file && p.code === w.code));
  for (const x of extra) console.error(`reported but not planted: ${show(x)}`);
  if (missing.length > 0 || extra.length > 0) process.exitCode = 1;
  write(join(here, 'agent-memory'), clean);
  write(join(here, 'broken'), files);
  writeFileSync(join(here, 'broken', 'README.md'), brokenReadme(planted, report.problems));
  console.log(`agent-memory: ${Object.keys(clean).length} files, ${cleanReport.problems.length} problems; broken: ${report.problems.length} problems, ${planted.length} planted`);
}

function brokenReadme(planted: Planted[], problems: Problem[]): string {
  const rows = problems.map((p) => {
    const why = planted.find((w) => w.file === p.file && w.code === p.code)?.what ?? '';
    return `| \`${p.file ?? ''}\` | ${p.line ?? ''} | \`${p.code}\` | ${p.severity} | ${why} |`;
  });
  return `# examples/broken

A copy of \`examples/agent-memory\` with one clear instance of each problem
class \`memkit check\` knows. Generated by \`npx tsx examples/build.ts\`; do not
edit by hand.

\`\`\`sh
npx memkit check examples/broken            # exit status 1
npx memkit check examples/broken --format json
\`\`\`

\`memkit check\` must report exactly these problems (file, line, code); the
end-to-end tests hold it to this table.

| file | line | code | severity | what was planted |
|---|---|---|---|---|
${rows.join('\n')}

Not in this directory because they cannot live in git or would trouble other
tools: a symbolic link loop (\`check.symlink-loop\`), an unreadable file
(\`check.unreadable\`) and a file over \`--max-file-size\` (\`check.too-large\`).
The end-to-end tests create them in a temporary directory.
`;
}

await main();
