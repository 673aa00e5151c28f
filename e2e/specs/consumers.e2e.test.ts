import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { signIn } from '../support/session.ts';

const LOCK_REASON = 'Suspicious sign-ins reported by the consumer';
const UNLOCK_REASON = 'Identity confirmed on the phone';

/** Runs one action from the detail page's buttons through its confirmation dialog. */
async function act(page: Page, action: string, reason: string): Promise<void> {
  await page.getByTestId(`consumer-action-${action}`).click();
  await page.getByTestId('consumer-action-reason').fill(reason);
  const done = page.waitForResponse((r) => r.url().endsWith(`/${action}`) && r.request().method() === 'POST');
  await page.getByTestId('consumer-action-confirm').click();
  expect((await done).status()).toBe(200);
}

describe('consumers', () => {
  const portal = usePortal();

  it('locks and unlocks a consumer from its detail, with the audit entry in the log history', async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.goto('/admin/aphrodite/consumer?status=1&sort_by=name&sort_dir=asc');
    const first = page.locator('.resource-row').first();
    await first.waitFor();
    const id = await first.getAttribute('data-row-id');
    await first.locator(`[data-testid="row-detail-${id}"]`).click();
    await page.getByTestId('detail-view').waitFor();
    const status = page.getByTestId('detail-item-status').getByTestId('status-tag');
    await expect.poll(() => status.getAttribute('data-value')).toBe('1');
    // An active consumer offers lock, not unlock.
    expect(await page.getByTestId('consumer-action-unlock').count()).toBe(0);

    await page.getByTestId('consumer-action-lock').click();
    // The dialog refuses an empty reason without calling the server.
    await page.getByTestId('consumer-action-confirm').click();
    await page.getByText('Reason is required').first().waitFor();
    await page.getByTestId('consumer-action-reason').fill(LOCK_REASON);
    await shot(page, 'consumer-lock-dialog');
    const locked = page.waitForResponse((r) => r.url().endsWith('/lock') && r.request().method() === 'POST');
    await page.getByTestId('consumer-action-confirm').click();
    expect((await locked).status()).toBe(200);
    await expect.poll(() => status.getAttribute('data-value')).toBe('2');
    await page.getByTestId('consumer-action-unlock').waitFor();
    expect(await page.getByTestId('consumer-action-lock').count()).toBe(0);

    await act(page, 'unlock', UNLOCK_REASON);
    await expect.poll(() => status.getAttribute('data-value')).toBe('1');

    // The consumer's own activity log shows both, newest first.
    await page.getByRole('tab', { name: 'Activity Log' }).click();
    const activity = page.getByTestId('consumer-activity');
    await activity.getByText(`Account unlocked: ${UNLOCK_REASON}`).waitFor();
    await activity.getByText(`Account locked: ${LOCK_REASON}`).waitFor();
    await shot(page, 'consumer-detail-activity');

    await page.goto('/admin/aphrodite/log-history?entity=consumer&action=lock');
    const row = page.locator('.resource-row').first();
    await row.waitFor();
    await row.locator('[data-testid^="row-detail-"]').click();
    await page.getByTestId('detail-view').waitFor();
    await page.getByText(LOCK_REASON).first().waitFor();
    await page.getByText('Budi Santoso').first().waitFor();
    await shot(page, 'consumer-lock-audit');
  });

  it('shows a viewer masked phone numbers and no action buttons', async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'viewer');
    await page.goto('/admin/aphrodite/consumer');
    const first = page.locator('.resource-row').first();
    await first.waitFor();
    await expect.poll(() => first.textContent()).toMatch(/628\d\*+\d{3}/);
    const id = await first.getAttribute('data-row-id');
    await page.goto(`/admin/aphrodite/consumer/${id}/detail`);
    await page.getByTestId('detail-view').waitFor();
    expect(await page.getByTestId('detail-item-phone').textContent()).toContain('*');
    expect(await page.locator('[data-testid^="consumer-action-"]').count()).toBe(0);
    await page.getByRole('tab', { name: 'Stamp History' }).click();
    await page.getByTestId('consumer-stamps').locator('.ant-table-row').first().waitFor();
    await shot(page, 'consumer-viewer-masked');
  });
});
