import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startPortal, type PortalServer } from './server.ts';

export interface Portal {
  server: PortalServer;
  browser: Browser;
}

/** A started portal (its own copy of the run's seeded data) and a browser for the test file, stopped after it. */
export function usePortal(env: Record<string, string> = {}): Portal {
  const portal = {} as Portal;
  beforeAll(async () => {
    [portal.server, portal.browser] = await Promise.all([startPortal(env, inject('seededTemplate')), launchBrowser()]);
  });
  afterAll(async () => {
    await portal.browser?.close();
    await portal.server?.stop();
  });
  return portal;
}
