import { describe, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { signIn } from '../support/session.ts';

describe('idle sign-out', () => {
  // A server whose sessions go idle after 2 seconds.
  const portal = usePortal({ SESSION_IDLE_SECONDS: '2' });

  it('signs the user out when the server reports the session idle', async () => {
    const { context, page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    // Idleness is the passage of time itself; nothing else could be awaited.
    await page.waitForTimeout(3_000);
    // The app checks on focus (and every minute).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    await context.close();
  });
});
