import { readFileSync } from 'node:fs';
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
  },
});
