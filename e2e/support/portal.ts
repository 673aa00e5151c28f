import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startPortal, type PortalServer } from './server.ts';

export interface Portal {
  server: PortalServer;
  browser: Browser;
}

/** A started portal (own data) and a browser for the test file, stopped after it. */
export function usePortal(env: Record<string, string> = {}): Portal {
  const portal = {} as Portal;
  beforeAll(async () => {
    [portal.server, portal.browser] = await Promise.all([startPortal(env), launchBrowser()]);
  });
  afterAll(async () => {
    await portal.browser?.close();
    await portal.server?.stop();
  });
  return portal;
}
