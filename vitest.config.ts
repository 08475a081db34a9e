import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Test tiers (docs/architecture.md "Tests"): unit (no IO beyond memory), int (a real database or the
 * corpus), web (jsdom + msw), e2e (the built app in Debian's Chromium), resilience (load, faults and hostile
 * input against real processes, bounded in time; `make verify`).
 */
export default defineConfig({
  test: {
    // Every core: vitest's default leaves one idle (cores - 1), which on a two-core machine ran every file in turn.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'adapters/**/*.test.ts', 'apps/api/**/*.test.ts', 'apps/cli/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts', '**/*.resilience.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file owns its databases (a PGlite directory or a server database of its own), ports and child
          // processes, so files run side by side: much of their time is spent waiting on those processes.
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Typing through user-event in jsdom is slow when CI loads both cores; 5 s was seen to be too short.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'resilience',
          include: ['**/*.resilience.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
