import { describe, expect, it } from 'vitest';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { signIn, signInSuperAdmin } from '../support/session.ts';

describe('personal data access log (UU PDP art. 31-32)', () => {
  const portal = usePortal();

  it('records admin.cms opening a consumer unmasked, and shows it to the Super Admin alone on the consumer’s tab', { timeout: 120_000 }, async () => {
    const admin = (await newPage(portal.browser, portal.server.url)).page;
    await signIn(admin, 'admin.cms');
    await admin.goto('/admin/aphrodite/consumer');
    const link = admin.locator('a[href*="/admin/aphrodite/consumer/"][href$="/detail"]').first();
    await link.waitFor();
    const detail = (await link.getAttribute('href')) ?? '';
    await admin.goto(detail);
    await admin.getByTestId('consumer-tabs').waitFor();
    // admin.cms sees the data unmasked but not the log of who saw it.
    expect(await admin.getByRole('tab', { name: 'Personal data access' }).count()).toBe(0);

    const superAdmin = (await newPage(portal.browser, portal.server.url)).page;
    await signInSuperAdmin(superAdmin, portal.server.url);
    await superAdmin.goto(detail);
    await superAdmin.getByRole('tab', { name: 'Personal data access' }).click();
    const log = superAdmin.getByTestId('consumer-personal-data-access');
    await log.getByText('Budi Santoso (admin.cms)').first().waitFor();
    await log.getByText('Consumer detail').first().waitFor();
    await shot(superAdmin, 'consumer-personal-data-access');
  });
});
