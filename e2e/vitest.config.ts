import { defineConfig } from 'vitest/config';

const jsonDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  test: {
    ...(jsonDir ? { reporters: ['default', 'json'], outputFile: { json: `${jsonDir}/e2e.json` } } : {}),
    include: ['specs/**/*.e2e.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Each file starts its own server and browser; two at a time fit this 2-core machine.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for the app to boot and fetch after a navigation; 1 s (vitest's default) is too short on 2 busy cores.
    expect: { poll: { timeout: 15_000 } },
  },
});
