import { describe, expect, it } from 'vitest';
import { latestMail, newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { menuEntries, passStepUp, signIn } from '../support/session.ts';

describe('roles and users', () => {
  const portal = usePortal();

  it('a role with two permissions gives its user exactly those menu entries', async () => {
    const admin = await newPage(portal.browser, portal.server.url);
    const page = admin.page;
    await signIn(page, 'admin.cms');

    // Create the role with two permissions.
    await page.goto('/admin/aphrodite/role/create');
    await page.getByTestId('field-name').fill('Auditor');
    await page.getByTestId('permission-editor').waitFor();
    await page.getByTestId('permission-filter').fill('log');
    await page.getByTestId('permission-cell-cms.log-history-view').click();
    await page.getByTestId('permission-filter').fill('user');
    await page.getByTestId('permission-cell-cms.user-view').click();
    await page.getByTestId('permission-filter').fill('');
    await expect.poll(() => page.getByTestId('permission-count').getAttribute('data-count')).toBe('2');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('page-title').scrollIntoViewIfNeeded();
    await shot(page, 'role-editor');
    await page.getByTestId('form-submit').click();
    // Giving a role rights asks for a second factor from the last 15 minutes; the save then goes through.
    await passStepUp(page, portal.server.url, 'admin.cms@demo.local');
    await page.getByText('Success', { exact: true }).first().waitFor();

    // Create a user in it.
    await page.goto('/admin/aphrodite/user/create');
    await page.getByTestId('field-username').fill('auditor.one');
    await page.getByTestId('field-email').fill('auditor.one@demo.local');
    await page.getByTestId('field-name').fill('Auditor One');
    await page.getByTestId('field-role_id').click();
    await page.locator('.ant-select-item-option', { hasText: 'Auditor' }).click();
    await page.getByTestId('field-password').fill('Audit@2026');
    await page.getByTestId('form-submit').click();
    await page.getByText('Success', { exact: true }).first().waitFor();

    await page.goto('/admin/aphrodite/user');
    await page.getByTestId('resource-table').getByText('auditor.one', { exact: true }).first().waitFor();
    await page.locator('.ant-spin-blur').waitFor({ state: 'detached' });
    await shot(page, 'user-list');
    await admin.context.close();

    // The new user sees exactly the two entries.
    const user = await newPage(portal.browser, portal.server.url);
    await signIn(user.page, 'auditor.one', 'Audit@2026');
    expect(await menuEntries(user.page)).toEqual(['cms.log-history', 'cms.user']);
    // The user list opens; creating is not offered (view only).
    await user.page.goto('/admin/aphrodite/user');
    await user.page.getByTestId('resource-table').waitFor();
    expect(await user.page.getByTestId('create-button').count()).toBe(0);
    // A screen outside the two is refused.
    await user.page.goto('/admin/aphrodite/role');
    await user.page.getByTestId('unauthorized').waitFor();
    await user.context.close();
  });

  it('offers no edit or delete on the Super Admin role, which the server refuses to change', async () => {
    const { context, page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.goto('/admin/aphrodite/role');
    const superRow = page.getByTestId('resource-table').locator('tr', { hasText: 'Full access' });
    const viewerRow = page.getByTestId('resource-table').locator('tr', { hasText: 'View only, every CMS entry' });
    await viewerRow.locator('[data-testid^="row-edit-"]').waitFor();
    expect(await superRow.locator('[data-testid^="row-detail-"]').count()).toBe(1);
    expect(await superRow.locator('[data-testid^="row-edit-"], [data-testid^="row-delete-"]').count()).toBe(0);
    await context.close();
  });

  it('deletes a user after confirmation', async () => {
    const { context, page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.goto('/admin/aphrodite/user?search=no.access');
    const table = page.getByTestId('resource-table');
    await table.getByText('no.access@demo.local').waitFor();
    await table.locator('[data-testid^="row-delete-"]').first().click();
    await page.getByText('Delete this record?').waitFor();
    await page.getByTestId('confirm-ok').click();
    await page.getByText('Success', { exact: true }).first().waitFor();
    await table.getByText('no.access@demo.local').waitFor({ state: 'detached' });
    await context.close();
  });

  it('an administrator sends a user a password reset link', async () => {
    const { context, page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.goto('/admin/aphrodite/user?search=viewer');
    await page.getByTestId('resource-table').getByText('viewer@demo.local').waitFor();
    await page.getByTestId('resource-table').locator('[data-testid^="row-detail-"]').first().click();
    await page.getByTestId('reset-password').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText(/reset link has been sent/).waitFor();
    const mail = await latestMail(portal.server.url, 'viewer@demo.local', 'Reset your');
    expect(mail.text).toMatch(/\/reset-password\?token=/);
    await context.close();
  });
});
