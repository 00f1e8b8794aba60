// checkThreadStore resolves a stored relations list by trying, at each place, the thread the log
// implies there (issue #24): a list in another order, or with other ids, must resolve as before.
import { describe, expect, it } from 'vitest';
import { checkThreadStore } from '../../src/threads/index.js';
import { SCRIPT, run } from '../threads/arbitraries.js';

describe('thread relations listed in another order than the log implies', () => {
  it('a reordered list is still sound', () => {
    const store = run(SCRIPT).store;
    const root = store.relations.root!;
    expect(root.children.length).toBeGreaterThan(1);
    root.children.reverse();
    expect(checkThreadStore(store)).toEqual([]);
  });

  it('a list naming another thread, or a missing one, at the implied place is reported', () => {
    const store = run(SCRIPT).store;
    const ui = store.relations.ui!;
    ui.references_to = ['ghost'];
    ui.depends_on = ['tokens'];
    const codes = checkThreadStore(store).map((p) => [p.code, p.pointer]);
    expect(codes).toContainEqual(['threads.relation-unknown-thread', '/relations/ui/references_to/0']);
    expect(codes).toContainEqual(['threads.relations-drift', '/relations/ui/depends_on']);
  });
});
