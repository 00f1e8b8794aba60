/**
 * Finds the cycles of a directed graph over nodes `0..n-1`, one per strongly
 * connected component (Tarjan's algorithm, iterative: no recursion, so a
 * 100,000-node chain cannot overflow the stack). Each cycle starts at its
 * smallest node index and follows edges in order; the last node has an edge
 * back to the first. Self-loops are reported as one-node cycles only when
 * `selfLoops` is true. Cycles come out sorted by their first node.
 * @example findCycles(3, (v) => [[1], [2], [0]][v]!) // [[0, 1, 2]]
 */
export function findCycles(n: number, edges: (v: number) => readonly number[], selfLoops = false): number[][] {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const comp = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  const callV: number[] = [];
  const callE: number[] = [];
  let counter = 0;
  let comps = 0;
  const cycles: number[][] = [];

  for (let s = 0; s < n; s++) {
    if (index[s] !== -1) continue;
    callV.push(s);
    callE.push(0);
    index[s] = low[s] = counter++;
    stack.push(s);
    onStack[s] = 1;
    while (callV.length > 0) {
      const top = callV.length - 1;
      const v = callV[top]!;
      const out = edges(v);
      const e = callE[top]!;
      if (e < out.length) {
        callE[top] = e + 1;
        const w = out[e]!;
        if (w < 0 || w >= n) continue;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          callV.push(w);
          callE.push(0);
        } else if (onStack[w] === 1 && index[w]! < low[v]!) {
          low[v] = index[w]!;
        }
        continue;
      }
      callV.pop();
      callE.pop();
      if (callV.length > 0) {
        const parent = callV[callV.length - 1]!;
        if (low[v]! < low[parent]!) low[parent] = low[v]!;
      }
      if (low[v] === index[v]) {
        const members: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          comp[w] = comps;
          members.push(w);
        } while (w !== v);
        if (members.length > 1) cycles.push(cycleIn(members, comps, comp, edges));
        else if (selfLoops && edges(v).includes(v)) cycles.push([v]);
        comps++;
      }
    }
  }
  return cycles.sort((a, b) => a[0]! - b[0]!);
}

/** A shortest cycle through the smallest member of a strongly connected component (BFS). */
function cycleIn(members: number[], id: number, comp: Int32Array, edges: (v: number) => readonly number[]): number[] {
  let start = members[0]!;
  for (const m of members) if (m < start) start = m;
  const prev = new Map<number, number>([[start, -1]]);
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q]!;
    for (const w of edges(v)) {
      if (w === start) {
        const path: number[] = [];
        for (let x = v; x !== -1; x = prev.get(x)!) path.push(x);
        return path.reverse();
      }
      if (w >= 0 && w < comp.length && comp[w] === id && !prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}
