import { defineConfig } from 'vitest/config';

// CI collects a JSON report per run to print one 'N passed, N failed' line at the end.
const jsonDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  test: {
    ...(jsonDir ? { reporters: ['default', 'json'], outputFile: { json: `${jsonDir}/unit.json` } } : {}),
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], sequence: { groupOrder: 0 } } },
      // The web app's pure logic (paths, access, list search, formatting, i18n), in node: no DOM, nothing rendered.
      { test: { name: 'web', include: ['web/src/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          setupFiles: ['server/test/setup.ts'],
          // Names the run, whose seeded templates (server/test/test-db.ts) are dropped when it ends.
          globalSetup: ['server/test/global-setup.ts'],
          // One embedded database per worker, one schema per test file (see server/test/test-db.ts).
          isolate: false,
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
