import { defineConfig } from 'vitest/config';
// Temporary (helper till): the server project's settings with room for a loaded machine.
export default defineConfig({
  test: {
    name: 'server',
    include: ['server/src/**/*.test.ts'],
    setupFiles: ['server/test/setup.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    isolate: false,
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 900_000,
  },
});
