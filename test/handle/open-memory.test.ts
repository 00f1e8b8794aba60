// The memory handle over a FilePort: every ordinary job through one object, one result shape,
// writes checked before they land and refused with no byte changed.
import { describe, expect, it } from 'vitest';
import { exampleFiles } from './helpers.js';
import { MemkitError, fromHex, memoryFiles, openMemory } from '../../src/index.js';
import { verifyInclusion } from '../../src/services/ledger/index.js';

const DECISION = 'memory-bank/decisionLog.md';
const now = () => new Date('2026-12-02T10:00:00Z');

const decision = (rationale: string) => ({ proposer_agent: 'ReaperOAK', rationale, diff_hash: 'a'.repeat(64), tests_passed: true });
const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));

describe('openMemory', () => {
  it('checks the example memory clean, lists and reads its docs', async () => {
    const memory = openMemory({ files: exampleFiles(), now });
    const report = await memory.check();
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    expect(report.value.checked.length).toBeGreaterThan(20);
    const docs = await memory.listDocs();
    expect(docs.ok && docs.value).toContain('.thunderus/memory/semantic/FACTS/build.md');
    const byPath = await memory.readDocOrThrow({ path: '.thunderus/memory/semantic/FACTS/build.md' });
    const byId = await memory.readDocOrThrow({ id: byPath.frontmatter.id as string });
    expect(byId.path).toBe(byPath.path);
    expect(byId.text.startsWith('---\n')).toBe(true);
  });

  it('appends a decision with id, ts and chain filled in; verify, checkpoint and prove agree', async () => {
    const files = exampleFiles();
    const memory = openMemory({ files, now });
    const before = await memory.verifyOrThrow('decision-log');
    const appended = await memory.appendOrThrow('decision-log', decision('use one handle'));
    expect(appended.path).toBe(DECISION);
    expect(appended.entry).toMatchObject({ id: 'DEC-20261202-001', ts: '2026-12-02T10:00:00.000Z', predecessor_hash: before.head });
    const after = await memory.verifyOrThrow(DECISION);
    expect(after.entries).toBe(before.entries + 1);
    expect(after.head).toBe(appended.hash);
    const checkpoint = await memory.checkpointOrThrow('decision-log');
    expect(checkpoint).toEqual(after.checkpoint);
    const last = checkpoint.size - 1;
    const proof = await memory.proveOrThrow('decision-log', last);
    expect(
      verifyInclusion(
        last,
        checkpoint.size,
        fromHex(proof.leaf)!,
        proof.proof.map((h) => fromHex(h)!),
        fromHex(checkpoint.root)!,
      ),
    ).toBe(true);
    // A proof against another entry's leaf does not verify.
    const other = await memory.proveOrThrow('decision-log', 0);
    expect(
      verifyInclusion(
        last,
        checkpoint.size,
        fromHex(other.leaf)!,
        proof.proof.map((h) => fromHex(h)!),
        fromHex(checkpoint.root)!,
      ),
    ).toBe(false);
    expect((await memory.check()).ok).toBe(true);
  });

  it('refuses a denied writer and an entry that would not check clean, with no byte changed', async () => {
    const files = exampleFiles();
    const memory = openMemory({ files, now });
    const product = 'memory-bank/productContext.md';
    const bytes = text(await files.read(product));
    const denied = await memory.append(product, { author_agent: 'Intruder', summary: 'x', payload_hash: 'b'.repeat(64), payload_loc: 'payloads/none.json' });
    expect(denied.ok).toBe(false);
    if (!denied.ok) expect(denied.problems.map((p) => p.code)).toContain('ledger.writer-denied');
    expect(text(await files.read(product))).toBe(bytes);

    const decisions = text(await files.read(DECISION));
    const bad = await memory.append('decision-log', { ...decision('bad hash'), diff_hash: 'not-a-hash' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0]?.code).toBe('schema.pattern');
    expect(text(await files.read(DECISION))).toBe(decisions);
  });

  it('creates a ledger in a fresh directory, its folder included', async () => {
    const files = memoryFiles();
    const memory = openMemory({ files, now });
    const first = await memory.appendOrThrow('decision-log', decision('first'));
    const second = await memory.appendOrThrow('decision-log', decision('second'));
    expect(first.path).toBe(DECISION);
    expect(second.entry.predecessor_hash).toBe(first.hash);
    expect((await memory.verifyOrThrow('decision-log')).entries).toBe(2);
    expect((await memory.entriesOrThrow('decision-log')).map((e) => (e.value as { rationale: string }).rationale)).toEqual(['first', 'second']);
  });

  it('refuses to rewrite a ledger whose last line is torn, keeping its bytes', async () => {
    const memory = openMemory({ files: memoryFiles(), now });
    await memory.appendOrThrow('decision-log', decision('first'));
    const files = memory.files;
    const torn = `${text(await files.read(DECISION))}{"id":"DEC-2026`;
    await files.write(DECISION, new TextEncoder().encode(torn));
    const refused = await memory.append('decision-log', decision('second'));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.problems.map((p) => p.code)).toContain('ledger.torn-tail');
    expect(text(await files.read(DECISION))).toBe(torn);
  });

  it('writes a memory doc and its manifest entry; an update keeps the untouched frontmatter bytes', async () => {
    const files = exampleFiles();
    const memory = openMemory({ files, now });
    const created = await memory.writeDocOrThrow({ id: 'fact.handle', title: 'One handle', kind: 'fact', tags: ['api'], body: '# One handle\n\nEvery job through one object.\n' });
    expect(created.created).toBe(true);
    expect(created.changed.map((c) => c.path)).toEqual(['.thunderus/memory/semantic/FACTS/fact.handle.md', '.thunderus/memory/indexes/manifest.json']);
    const path = created.changed[0]!.path;
    // A comment and a key order of the author's own, which an update must keep.
    const edited = text(await files.read(path))!.replace('title: One handle', 'title: One handle # named by the team');
    await files.write(path, new TextEncoder().encode(edited));
    const updated = await memory.writeDocOrThrow({ id: 'fact.handle', body: '# One handle\n\nRewritten body.\n' });
    expect(updated.created).toBe(false);
    const after = text(await files.read(path))!;
    expect(after).toContain('title: One handle # named by the team');
    expect(after.endsWith('Rewritten body.\n')).toBe(true);
    const found = await memory.searchOrThrow('rewritten');
    expect(found.map((h) => h.path)).toContain(path);
    expect((await memory.check()).ok).toBe(true);
  });

  it('refuses a doc that would not check clean and a path outside the docs', async () => {
    const files = exampleFiles();
    const memory = openMemory({ files, now });
    const outside = await memory.writeDoc({ id: 'fact.out', title: 'Out', kind: 'fact', path: 'notes/out.md' });
    expect(outside.ok).toBe(false);
    if (!outside.ok) expect(outside.problems[0]?.code).toBe('memory.bad-path');
    expect(await files.read('notes/out.md')).toBeUndefined();
  });

  it('sets a task status with the roll-up and refuses to set a derived one', async () => {
    const memory = openMemory({ files: exampleFiles(), now });
    const ready = await memory.readyTasksOrThrow();
    expect(ready.ready.length).toBeGreaterThan(0);
    const leaf = ready.ready.find((id) => id.split('.').length === 3)!;
    const set = await memory.setTaskOrThrow({ id: leaf, status: 'done' });
    expect(set.task?.status).toBe('done');
    const { index } = await memory.tasksOrThrow();
    expect(index.tasks.find((t) => t.id === leaf)?.status).toBe('done');
    const parent = index.tasks.find((t) => t.children.length > 0)!;
    const derived = await memory.setTask({ id: parent.id, status: 'pending' });
    expect(derived.ok).toBe(false);
    if (!derived.ok) expect(derived.problems[0]?.code).toBe('memory.status-derived');
    expect((await memory.check()).ok).toBe(true);
  });

  it('applies a thread operation and logs it', async () => {
    const memory = openMemory({ files: exampleFiles(), now });
    const loaded = await memory.files.read('threads/thread-store.json');
    const store = JSON.parse(text(loaded)!) as { threads: Record<string, { status: string }> };
    const active = Object.entries(store.threads).find(([, t]) => t.status === 'active')![0];
    const done = await memory.threadOrThrow({ command: 'spawn', params: { parent_id: active, child_id: 'handle-child', objective: 'try the handle' } });
    expect(done.operation).toMatchObject({ command: 'spawn' });
    expect((await memory.check()).ok).toBe(true);
  });

  it('exports, imports into a fresh memory and drills; the copy checks as the original', async () => {
    const memory = openMemory({ files: exampleFiles(), now });
    const bundle = await memory.exportOrThrow({ agentId: 'test' });
    const copy = openMemory({ files: memoryFiles(), now });
    const imported = await copy.importOrThrow(bundle);
    expect(imported.written).toBe(imported.records);
    expect((await copy.check()).ok).toBe(true);
    expect((await copy.listDocsOrThrow()).sort()).toEqual((await memory.listDocsOrThrow()).sort());
    expect((await memory.drillOrThrow()).ok).toBe(true);
  });

  it('reports what is missing as a problem, never a throw; OrThrow throws MemkitError', async () => {
    const memory = openMemory(memoryFiles());
    const missing = await memory.readDoc({ path: '.thunderus/memory/none.md' });
    expect(missing).toMatchObject({ ok: false, problems: [{ code: 'memory.not-found' }] });
    const noTasks = await memory.readyTasks();
    expect(noTasks.ok).toBe(false);
    const noLedger = await memory.verify('decision-log');
    expect(noLedger.ok).toBe(false);
    if (!noLedger.ok) expect(noLedger.problems[0]?.code).toBe('memory.not-memory-file');
    await expect(memory.readDocOrThrow({ id: 'nope' })).rejects.toBeInstanceOf(MemkitError);
  });
});
