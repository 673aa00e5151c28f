import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { startPortal, type PortalServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

describe('idle sign-out', () => {
  let server: PortalServer;
  let browser: Browser;
  beforeAll(async () => {
    // A server whose sessions go idle after 2 seconds.
    [server, browser] = await Promise.all([startPortal({ SESSION_IDLE_SECONDS: '2' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs the user out when the server reports the session idle', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, 'admin.cms');
    // Idleness is the passage of time itself; nothing else could be awaited.
    await page.waitForTimeout(3_000);
    // The app checks on focus (and every minute).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    await context.close();
  });
});
