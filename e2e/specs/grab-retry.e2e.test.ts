import { describe, expect, it } from 'vitest';
import { audit, describeFinding } from '../support/a11y.ts';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { passStepUp, signInSuperAdmin } from '../support/session.ts';

describe('grab retry', () => {
  const portal = usePortal();

  it('the Super Admin finds the demo’s failed courier hand-overs, retries one with a preview, a reason and the order number typed, and sees it leave the list once booked, in English and Indonesian', { timeout: 240_000 }, async () => {
    const base = portal.server.url;
    const { page } = await newPage(portal.browser, base, { bypassCSP: true });
    await signInSuperAdmin(page, base);
    await page.goto('/admin/heimdal/grab-retry');
    await page.getByRole('heading', { name: 'Grab Retry', level: 1 }).waitFor();
    const rows = page.locator('.resource-row');
    // The demo's hand-overs refused by the simulated courier: an outage, no driver, an address without a number.
    await rows.filter({ hasText: 'ADDRESS_NOT_FOUND' }).first().waitFor();
    await rows.filter({ hasText: 'NO_DRIVER_AVAILABLE' }).first().waitFor();
    const outage = rows.filter({ hasText: 'SERVICE_UNAVAILABLE' });
    const down = await outage.count();
    expect(down).toBeGreaterThan(0);
    await shot(page, 'grab-retry-list');

    // Retry one refused while the courier was down: the preview says Failed → Retrying; nothing is applied without a
    // reason and the order number typed.
    const retry = outage.first().getByRole('button', { name: /^Retry the hand-over of / });
    const orderNo = ((await retry.getAttribute('aria-label')) ?? '').replace('Retry the hand-over of ', '');
    expect(orderNo).toMatch(/\S/);
    const target = rows.filter({ hasText: orderNo });
    await target.getByText('Failed', { exact: true }).waitFor();
    await retry.click();
    await page.getByTestId('grab-retry-chosen').getByText(orderNo).waitFor();
    await page.getByTestId('guarded-preview').click();
    const changes = page.getByTestId('guarded-changes');
    await changes.getByText('Failed (attempt 1)').waitFor();
    await changes.getByText('Retrying (attempt 2)').waitFor();
    await page.getByText('This change cannot be undone.').waitFor();
    await page.getByTestId('guarded-apply').click();
    await page.getByText(/Give the reason for this change/).first().waitFor();
    await shot(page, 'grab-retry-preview');
    await page.getByTestId('guarded-reason').fill('Courier service is back after the outage: retrying');
    await page.getByTestId('guarded-confirmation').fill(orderNo.toLowerCase());
    await page.getByTestId('guarded-apply').click();
    // A second factor older than 15 minutes is asked for again (the shell's step-up dialog); the retry then runs by itself.
    const done = page.getByText('Grab Retry Success');
    await Promise.race([done.waitFor(), page.getByTestId('step-up-code').waitFor()]);
    if (!(await done.isVisible())) await passStepUp(page, base, 'superadmin@demo.local');
    await done.waitFor();

    // The courier books it: the order gets the courier's driver and leaves the list; the retry is kept, for good.
    await expect.poll(() => target.count(), { timeout: 30_000 }).toBe(0);
    expect(await outage.count()).toBe(down - 1);
    const action = page.getByTestId('operator-actions').locator('.ant-table-row').filter({ hasText: orderNo }).first();
    await action.getByText('Final').waitFor();
    await shot(page, 'grab-retry-applied');

    // A bulk retry of two ticked rows asks for the count typed; its preview, audited for accessibility, is left unapplied.
    for (const error of ['ADDRESS_NOT_FOUND', 'NO_DRIVER_AVAILABLE']) await rows.filter({ hasText: error }).first().getByRole('checkbox').check();
    await page.getByTestId('grab-retry-chosen').getByText(/^2 orders chosen/).waitFor();
    await page.getByTestId('guarded-preview').click();
    await changes.locator('tbody tr').nth(1).getByText('Retrying (attempt 2)').waitFor();
    await page.getByText('Type RETRY 2 HAND-OVERS to confirm', { exact: false }).first().waitFor();
    await shot(page, 'grab-retry-bulk-preview');
    const findings = await audit(page);
    expect(findings.map((f) => describeFinding('grab-retry bulk preview', f))).toEqual([]);

    // The error filter, kept in the URL: only the outage's refusals, the retried one gone.
    await page.getByTestId('filter-error').fill('SERVICE_UNAVAILABLE');
    await expect.poll(() => new URL(page.url()).searchParams.get('error')).toBe('SERVICE_UNAVAILABLE');
    await expect.poll(() => rows.filter({ hasText: 'ADDRESS_NOT_FOUND' }).count()).toBe(0);
    await expect.poll(() => rows.count()).toBe(down - 1);

    // In Indonesian.
    await page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await page.goto('/admin/heimdal/grab-retry');
    await page.getByRole('heading', { name: 'Ulangi Grab', level: 1 }).waitFor();
    await page.getByRole('columnheader', { name: 'Galat Kurir' }).waitFor();
    await page.getByText('Ulangi serah terima').first().waitFor();
    await shot(page, 'grab-retry-id');
  });
});
