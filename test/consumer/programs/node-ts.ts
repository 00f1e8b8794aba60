// A consumer of the packed package, written from README.md "Use it", docs/memory.md and docs/wbs.md only:
// the ordinary job through memkit/node's openMemory, as TypeScript. test/consumer/consumer.test.ts
// type-checks it with lib ES2022, types node, strict, no DOM and no skipLibCheck (module NodeNext).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openMemory } from 'memkit/node';

const [dir = 'memory', copyDir = 'copy'] = process.argv.slice(2);

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
const appended: string[] = [];
for (const rationale of ['adopt memkit', 'keep decisions in a ledger', 'search memory docs']) {
  const r = await memory.append('decision-log', { proposer_agent: 'ReaperOAK', rationale, diff_hash: 'a'.repeat(64), tests_passed: true });
  if (!r.ok) throw new Error(`append refused: ${r.problems.map((p) => p.code).join(', ')}`);
  appended.push(r.value.path);
}
const ledger = await memory.verifyOrThrow('decision-log');
const checkpoint = await memory.checkpointOrThrow('decision-log');
const entries = await memory.entriesOrThrow('decision-log');
const hits = await memory.searchOrThrow('release checklist', { limit: 5, kind: 'fact' });
const checked = await memory.check();
const bundle: string = await memory.exportOrThrow({ agentId: 'consumer' });
mkdirSync(copyDir, { recursive: true });
const copy = openMemory(copyDir);
const imported = await copy.importOrThrow(bundle, { policy: 'fail' });
const work = await memory.readyTasksOrThrow({ leavesOnly: true });
const read = await memory.readDocOrThrow({ id: 'fact.release' });

const summary = {
  created: doc.created,
  ledger: appended,
  entries: [entries.length, ledger.entries],
  size: checkpoint.size,
  root: checkpoint.root,
  hits: hits.map((h) => `${h.docId} ${h.kind} ${h.score}`),
  ok: checked.ok && checked.value.checked.length > 0,
  written: imported.written,
  ready: work.ready,
  title: read.frontmatter.title,
};
console.log(JSON.stringify(summary));

/** Mistakes the declarations catch: each line below must fail to compile. */
export async function mistakes(): Promise<void> {
  // @ts-expect-error not a memory doc kind
  await memory.writeDoc({ id: 'x', title: 'x', kind: 'not-a-kind' });
  // @ts-expect-error not a task status
  await memory.setTask({ id: '1.2', status: 'finished' });
  // @ts-expect-error not an import conflict policy
  await copy.import(bundle, { policy: 'merge' });
  // @ts-expect-error a Result must be narrowed before its value is read
  console.log((await memory.checkpoint('decision-log')).value.size);
  // @ts-expect-error search results are an array of hits, not a number
  const n: number = await memory.searchOrThrow('x');
  console.log(n);
}
