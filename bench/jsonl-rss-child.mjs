// Peak RSS of streaming JSON Lines through the BUILT package under plain node
// (no tsx loader, no TypeScript source in memory): what a user's process pays.
// Run by bench/parse.bench.ts; needs `npm run build` (npm ci runs it).
import { parseJsonl } from '../dist/index.js';

const gb = Number(process.env.MEMKIT_BENCH_RSS_GB ?? '') || 1;
const words = 'memory ledger hash chain entry agent decision risk context progress pattern recap'.split(' ');
const block = [];
for (let i = 0, size = 0; size < 1024 * 1024; i++) {
  const text = Array.from({ length: 12 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ');
  const line = JSON.stringify({ v: 1, id: `evt_${i}`, ts: '2026-01-02T03:04:05Z', kind: 'note', body: { text, n: i } }) + '\n';
  block.push(line);
  size += line.length;
}
const bytes = new TextEncoder().encode(block.join(''));
const total = gb * 1024 ** 3;
// 64 KiB chunks, the size a file stream delivers.
async function* source() {
  for (let sent = 0; sent < total; ) {
    for (let at = 0; at < bytes.length && sent < total; at += 65536, sent += 65536) yield bytes.subarray(at, at + 65536);
  }
}
const before = process.memoryUsage().rss;
let lines = 0;
for await (const item of parseJsonl(source())) if (item.ok) lines++;
process.stdout.write(JSON.stringify({ lines, rssBefore: before, maxRss: process.resourceUsage().maxRSS * 1024 }) + '\n');
