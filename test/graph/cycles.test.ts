import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCycles } from '../../src/kernel/graph/cycles.js';

/** Reachability by repeated relaxation: reach[v][w] when a path of one or more edges leads from v to w. */
function reachability(n: number, edges: number[][]): boolean[][] {
  const reach = Array.from({ length: n }, (_, v) => Array.from({ length: n }, (_, w) => edges[v]!.includes(w)));
  for (let k = 0; k < n; k++) for (let v = 0; v < n; v++) for (let w = 0; w < n; w++) if (reach[v]![k] && reach[k]![w]) reach[v]![w] = true;
  return reach;
}

/** The smallest node of each strongly connected component that holds a cycle (a self-loop counts when `selfLoops`). */
function cyclicComponents(n: number, edges: number[][], selfLoops: boolean): number[] {
  const reach = reachability(n, edges);
  const out: number[] = [];
  for (let v = 0; v < n; v++) {
    const members = Array.from({ length: n }, (_, w) => w).filter((w) => w === v || (reach[v]![w] && reach[w]![v]));
    if (members[0] !== v) continue;
    if (members.length > 1 || (selfLoops && edges[v]!.includes(v))) out.push(v);
  }
  return out;
}

/** Graphs of up to 10 nodes; `shape` keeps every edge going down, up, or either way (the fast paths and the general one). */
const graph = fc.integer({ min: 1, max: 10 }).chain((n) =>
  fc
    .record({
      n: fc.constant(n),
      shape: fc.constantFrom('down', 'up', 'any'),
      edges: fc.array(fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 4 }), { minLength: n, maxLength: n }),
      selfLoops: fc.boolean(),
    })
    .map(({ n, shape, edges, selfLoops }) => ({
      n,
      selfLoops,
      edges: edges.map((list, v) => list.filter((w) => shape === 'any' || (shape === 'down' ? w <= v : w >= v))),
    })),
);

describe('findCycles', () => {
  it('reports one real cycle per cyclic component, from its smallest node, in node order', () => {
    fc.assert(
      fc.property(graph, ({ n, edges, selfLoops }) => {
        const cycles = findCycles(edges, selfLoops);
        expect(cycles.map((c) => c[0])).toEqual(cyclicComponents(n, edges, selfLoops));
        for (const cycle of cycles) {
          expect(new Set(cycle).size).toBe(cycle.length);
          expect(Math.min(...cycle)).toBe(cycle[0]);
          cycle.forEach((v, k) => expect(edges[v]).toContain(cycle[(k + 1) % cycle.length]));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('ignores edges to nodes out of range', () => {
    expect(findCycles([[5, -1, 1], [0]])).toEqual([[0, 1]]);
    expect(findCycles([[7], [-3]])).toEqual([]);
  });

  it('reports a component of several nodes by a cycle through several, even when its first node has a self-loop', () => {
    expect(findCycles([[0, 1], [0]])).toEqual([[0, 1]]);
    expect(findCycles([[0, 1], [0]], true)).toEqual([[0, 1]]);
  });
});
