// A consumer of the packed package, written from README.md "Use it", docs/memory.md and docs/wbs.md only:
// the ordinary job through memkit/node's openMemory on a directory. Prints what it found as JSON.
// Run: node node-esm.mjs MEMORY_DIR COPY_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openMemory } from 'memkit/node';

const [dir, copyDir] = process.argv.slice(2);

// A tiny WBS memory (docs/formats/wbs.md): an epic whose first feature is done and whose second depends on it.
const wbs = join(dir, '.claude/memory');
mkdirSync(join(wbs, 'tasks'), { recursive: true });
const tasks = [
  { id: '1', type: 'epic', status: 'in-progress', parent: null, children: ['1.1', '1.2'], dependencies: [] },
  { id: '1.1', type: 'feature', status: 'done', parent: '1', children: [], dependencies: [] },
  { id: '1.2', type: 'feature', status: 'pending', parent: '1', children: [], dependencies: ['1.1'] },
];
writeFileSync(join(wbs, 'task-index.json'), JSON.stringify({ version: '1.0.0', tasks }, null, 2) + '\n');
for (const t of tasks) writeFileSync(join(wbs, `tasks/${t.id}.json`), JSON.stringify({ ...t, title: `Task ${t.id}` }, null, 2) + '\n');

const memory = openMemory(dir);
const doc = await memory.writeDocOrThrow({
  id: 'fact.release',
  title: 'Release checklist',
  kind: 'fact',
  tags: ['release'],
  body: '# Release checklist\n\nRun the tests, tag the commit, publish the package.\n',
});
const appended = [];
for (const rationale of ['adopt memkit', 'keep decisions in a ledger', 'search memory docs']) {
  const r = await memory.append('decision-log', { proposer_agent: 'ReaperOAK', rationale, diff_hash: 'a'.repeat(64), tests_passed: true });
  if (!r.ok) throw new Error(`append refused: ${r.problems.map((p) => p.code).join(', ')}`);
  appended.push(r.value);
}
const refused = await memory.append('decision-log', { proposer_agent: 'ReaperOAK', rationale: 'x', diff_hash: 'not-a-hash', tests_passed: true });
const ledger = await memory.verifyOrThrow('decision-log');
const checkpoint = await memory.checkpointOrThrow('decision-log');
const entries = await memory.entriesOrThrow('decision-log');
const hits = await memory.searchOrThrow('release checklist');
const checked = await memory.check();
const bundle = await memory.exportOrThrow({ agentId: 'consumer' });
// The docs say the first write creates a missing directory; import does not yet (fs.not-found), so make it.
mkdirSync(copyDir, { recursive: true });
const copy = openMemory(copyDir);
const imported = await copy.importOrThrow(bundle);
const work = await memory.readyTasksOrThrow();
const read = await memory.readDocOrThrow({ id: 'fact.release' });
const copied = await copy.entriesOrThrow('decision-log');
const copyHits = await copy.searchOrThrow('release checklist');

process.stdout.write(
  JSON.stringify({
    docCreated: doc.created,
    appendedIds: appended.map((a) => a.entry.id),
    ledgerPath: appended[0].path,
    refused: refused.ok ? [] : refused.problems.map((p) => p.code),
    verifiedEntries: ledger.entries,
    checkpointSize: checkpoint.size,
    entries: entries.length,
    hits: hits.map((h) => h.docId),
    checkOk: checked.ok,
    checkErrors: checked.ok ? [] : checked.problems.map((p) => `${p.code} ${p.file}`),
    checkedFiles: checked.ok ? checked.value.checked.map((c) => c.file) : [],
    importWritten: imported.written,
    copiedEntries: copied.length,
    copyHits: copyHits.map((h) => h.docId),
    ready: work.ready,
    blocked: work.blocked.map((b) => b.id),
    readTitle: read.frontmatter.title,
    readBody: read.body,
  }),
);
