import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string;

export default defineConfig({
  define: { __MEMKIT_VERSION__: JSON.stringify(version) },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'test/deno/**', 'node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Many tests wait on child processes, locks and sockets, so two workers keep a 2-core machine busy (the default is cores - 1).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
