import type { CliIo } from './io.js';
import { terminalSafe } from './terminal.js';

/** A progress reporter; a no-op unless stderr is a terminal. */
export interface Progress {
  /** Reports `done` of `total` units. */
  update(done: number, total: number): void;
  /** Clears the bar. */
  done(): void;
}

const NOOP: Progress = { update() {}, done() {} };

/** A progress bar on stderr, shown only on a terminal once the work has run `delayMs` (default 1 s), redrawn at most every 100 ms. */
export function progressBar(io: CliIo, label: string, options: { delayMs?: number; now?: () => number } = {}): Progress {
  if (!io.stderrTTY) return NOOP;
  const shownLabel = terminalSafe(label, { max: 60 });
  const now = options.now ?? (() => performance.now());
  const start = now();
  const delay = options.delayMs ?? 1000;
  let last = -Infinity;
  let shown = false;
  return {
    update(done, total) {
      const t = now();
      if (t - start < delay || t - last < 100) return;
      last = t;
      shown = true;
      const width = 30;
      const frac = total > 0 ? Math.min(1, done / total) : 0;
      const fill = Math.round(frac * width);
      io.stderr(`\r${shownLabel} [${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${Math.floor(frac * 100)}% (${done}/${total})\u001b[K`);
    },
    done() {
      if (shown) io.stderr('\r\u001b[K');
      shown = false;
    },
  };
}
