// A consumer of the packed package, written from README.md "Use it", docs/memory.md and docs/wbs.md only:
// the ordinary job through memkit's openMemory over memoryFiles(), with no node: import, so the same
// module runs in Node, Deno and a browser. Returns what it found (test/consumer/expected.mjs checks it).
import { memoryFiles, openMemory } from 'memkit';

const text = (s) => new TextEncoder().encode(s);

/** Runs the ordinary job on two in-memory directories and returns a summary of the results. */
export async function consumerJob() {
  // A tiny WBS memory (docs/formats/wbs.md) written through the port: an epic whose first feature is done
  // and whose second depends on it.
  const files = memoryFiles();
  const tasks = [
    { id: '1', type: 'epic', status: 'in-progress', parent: null, children: ['1.1', '1.2'], dependencies: [] },
    { id: '1.1', type: 'feature', status: 'done', parent: '1', children: [], dependencies: [] },
    { id: '1.2', type: 'feature', status: 'pending', parent: '1', children: [], dependencies: ['1.1'] },
  ];
  await files.write('.claude/memory/task-index.json', text(JSON.stringify({ version: '1.0.0', tasks }, null, 2) + '\n'));
  for (const t of tasks) await files.write(`.claude/memory/tasks/${t.id}.json`, text(JSON.stringify({ ...t, title: `Task ${t.id}` }, null, 2) + '\n'));

  const memory = openMemory(files);
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
  const copy = openMemory(memoryFiles());
  const imported = await copy.importOrThrow(bundle);
  const work = await memory.readyTasksOrThrow();
  const read = await memory.readDocOrThrow({ id: 'fact.release' });
  const copied = await copy.entriesOrThrow('decision-log');
  const copyHits = await copy.searchOrThrow('release checklist');

  return {
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
  };
}
