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
  const offsets = new Int32Array(n + 1);
  const lists: (readonly number[])[] = [];
  for (let v = 0; v < n; v++) {
    const out = edges(v);
    lists.push(out);
    offsets[v + 1] = offsets[v]! + out.length;
  }
  const targets = new Int32Array(offsets[n]!);
  for (let v = 0; v < n; v++) targets.set(lists[v]!, offsets[v]!);
  return findCyclesCsr(n, offsets, targets, selfLoops);
}

/**
 * {@link findCycles} over a compressed adjacency: the edges of `v` are
 * `targets[offsets[v] .. offsets[v + 1])`. Targets out of range are ignored.
 */
export function findCyclesCsr(n: number, offsets: Int32Array, targets: Int32Array, selfLoops = false): number[][] {
  if (monotone(n, offsets, targets, selfLoops)) return [];
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const comp = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  let sp = 0;
  const callV = new Int32Array(n);
  const callE = new Int32Array(n);
  let cp = 0;
  let counter = 0;
  let comps = 0;
  const cycles: number[][] = [];

  for (let s = 0; s < n; s++) {
    if (index[s] !== -1) continue;
    callV[cp] = s;
    callE[cp++] = offsets[s]!;
    index[s] = low[s] = counter++;
    stack[sp++] = s;
    onStack[s] = 1;
    while (cp > 0) {
      const top = cp - 1;
      const v = callV[top]!;
      const e = callE[top]!;
      if (e < offsets[v + 1]!) {
        callE[top] = e + 1;
        const w = targets[e]!;
        if (w < 0 || w >= n) continue;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          callV[cp] = w;
          callE[cp++] = offsets[w]!;
        } else if (onStack[w] === 1 && index[w]! < low[v]!) {
          low[v] = index[w]!;
        }
        continue;
      }
      cp--;
      if (cp > 0) {
        const parent = callV[cp - 1]!;
        if (low[v]! < low[parent]!) low[parent] = low[v]!;
      }
      if (low[v] === index[v]) {
        let size = 0;
        let w: number;
        let selfLoop = false;
        do {
          w = stack[--sp]!;
          onStack[w] = 0;
          comp[w] = comps;
          size++;
        } while (w !== v);
        if (size > 1) cycles.push(cycleIn(stack, sp, size, comps, comp, offsets, targets));
        else if (selfLoops) {
          for (let k = offsets[v]!; k < offsets[v + 1]!; k++) if (targets[k] === v) selfLoop = true;
          if (selfLoop) cycles.push([v]);
        }
        comps++;
      }
    }
  }
  return cycles.sort((a, b) => a[0]! - b[0]!);
}

/**
 * True when every edge that counts goes from a node to a smaller one, or every
 * one to a larger one: such a graph has no cycle, which one pass shows without
 * Tarjan's bookkeeping. Lists written in order (a task depending on earlier
 * tasks, a thread on the one before) are usually like that.
 */
function monotone(n: number, offsets: Int32Array, targets: Int32Array, selfLoops: boolean): boolean {
  let down = true;
  let up = true;
  for (let v = 0; v < n; v++) {
    for (let k = offsets[v]!; k < offsets[v + 1]!; k++) {
      const w = targets[k]!;
      if (w < 0 || w >= n || (w === v && !selfLoops)) continue;
      if (w >= v) down = false;
      if (w <= v) up = false;
      if (!down && !up) return false;
    }
  }
  return true;
}

/** A shortest cycle through the smallest member of a strongly connected component (BFS). */
function cycleIn(stack: Int32Array, from: number, size: number, id: number, comp: Int32Array, offsets: Int32Array, targets: Int32Array): number[] {
  let start = stack[from]!;
  for (let k = from; k < from + size; k++) if (stack[k]! < start) start = stack[k]!;
  const prev = new Map<number, number>([[start, -1]]);
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q]!;
    for (let k = offsets[v]!; k < offsets[v + 1]!; k++) {
      const w = targets[k]!;
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

/**
 * True when the graph over `0..n-1` (the edges of v are `items[start[v] .. start[v + 1])`)
 * has no cycle: Kahn's algorithm. Cheaper than {@link findCyclesCsr} when only
 * whether matters: a graph that is one cycle costs a count of in-degrees.
 */
export function acyclic(n: number, start: Int32Array, items: Int32Array): boolean {
  const indegree = new Int32Array(n);
  for (let k = 0; k < items.length; k++) indegree[items[k]!]!++;
  const queue = new Int32Array(n);
  let tail = 0;
  for (let v = 0; v < n; v++) if (indegree[v] === 0) queue[tail++] = v;
  for (let head = 0; head < tail; head++) {
    const v = queue[head]!;
    for (let k = start[v]!; k < start[v + 1]!; k++) if (--indegree[items[k]!]! === 0) queue[tail++] = items[k]!;
  }
  return tail === n;
}
