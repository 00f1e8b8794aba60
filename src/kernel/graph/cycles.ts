/**
 * Finds the cycles of a directed graph over nodes `0..n-1` (`out[v]`: the
 * nodes v has an edge to), one per strongly connected component (Tarjan's
 * algorithm, iterative: no recursion, so a 100,000-node chain cannot overflow
 * the stack). Each cycle starts at its smallest node and follows edges in
 * order; the last node has an edge back to the first. Self-loops are reported
 * as one-node cycles only when `selfLoops` is true. Edges to nodes out of
 * range are ignored. Cycles come out sorted by their first node.
 * @example findCycles([[1], [2], [0]]) // [[0, 1, 2]]
 */
export function findCycles(out: readonly (readonly number[])[], selfLoops = false): number[][] {
  const n = out.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const component = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  const cycles: number[][] = [];
  let counter = 0;
  let components = 0;
  // The call stack of the recursive algorithm: a node, and how many of its edges have been followed.
  const callNode: number[] = [];
  const callEdge: number[] = [];
  const visit = (v: number) => {
    index[v] = low[v] = counter++;
    stack.push(v);
    callNode.push(v);
    callEdge.push(0);
  };
  for (let s = 0; s < n; s++) {
    if (index[s] !== -1) continue;
    visit(s);
    while (callNode.length > 0) {
      const top = callNode.length - 1;
      const v = callNode[top]!;
      const e = callEdge[top]!;
      if (e < out[v]!.length) {
        callEdge[top] = e + 1;
        const w = out[v]![e]!;
        if (w < 0 || w >= n) continue;
        if (index[w] === -1) visit(w);
        else if (component[w] === -1) low[v] = Math.min(low[v]!, index[w]!); // visited, in no component yet: on the stack
        continue;
      }
      callNode.pop();
      callEdge.pop();
      if (top > 0) {
        const parent = callNode[top - 1]!;
        low[parent] = Math.min(low[parent]!, low[v]!);
      }
      if (low[v] !== index[v]) continue;
      const single = stack[stack.length - 1] === v;
      let start = v;
      let w: number;
      do {
        w = stack.pop()!;
        component[w] = components;
        start = Math.min(start, w);
      } while (w !== v);
      if (!single) cycles.push(cycleThrough(start, components, component, out));
      else if (selfLoops && out[v]!.includes(v)) cycles.push([v]);
      components++;
    }
  }
  return cycles.sort((a, b) => a[0]! - b[0]!);
}

/** A shortest cycle through `start` within its strongly connected component (breadth-first). */
function cycleThrough(start: number, id: number, component: Int32Array, out: readonly (readonly number[])[]): number[] {
  const prev = new Map<number, number>([[start, -1]]);
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q]!;
    for (const w of out[v]!) {
      if (w === start && v !== start) {
        const path: number[] = [];
        for (let x = v; x !== -1; x = prev.get(x)!) path.push(x);
        return path.reverse();
      }
      if (component[w] === id && !prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}
