import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { signIn } from '../support/session.ts';

const SECRET = 'e2e-payment-secret-of-at-least-32-characters';
// The consumers seed numbers its i-th consumer 628 + a prefix + (i·7919 mod 10^8); the first five are demo app consumers.
const demoPhone = (i: number) => `628${['12', '13', '21', '52', '57'][i % 5]}${String((i * 7919) % 100_000_000).padStart(8, '0')}`;

interface TopUp {
  id: number;
  transaction_no: string;
  amount: number;
  status: number;
}

describe('top-up and bills', () => {
  const portal = usePortal({ PAYMENT_WEBHOOK_SECRET: SECRET });

  it('a consumer buys a top-up and pays it; the biller fails it; admin.cms retries it from the detail and it succeeds', { timeout: 120_000 }, async () => {
    const base = portal.server.url;
    const consumer = await apiCall<{ token: string }>(base, 'POST', '/api/v1/app/auth/sign-in', undefined, { phone: demoPhone(3), password: 'Demo@12345' });
    const [product] = await apiCall<{ id: number }[]>(base, 'GET', '/api/v1/app/digital-products?operator=3&product_type=1', consumer.token);
    // A number ending in 6: the simulated biller fails the first attempt and delivers a retry.
    const topUp = await apiCall<TopUp>(base, 'POST', '/api/v1/app/top-ups', consumer.token, { product_id: product!.id, phone_number: '081299887766' });
    const event = { event_id: `E2E-${topUp.transaction_no}`, transaction_no: topUp.transaction_no, status: 'PAID', amount: topUp.amount, payment_ref: 'PG-E2E-TU' };
    const signature = createHmac('sha256', SECRET).update([event.event_id, event.transaction_no, event.status, event.amount, event.payment_ref].join('|')).digest('hex');
    await apiCall(base, 'POST', '/api/v1/payments/top-up-callback', undefined, { ...event, signature });
    const statusNow = async () => (await apiCall<TopUp>(base, 'GET', `/api/v1/app/top-ups/${topUp.id}`, consumer.token)).status;
    await expect.poll(statusNow, { timeout: 20_000, interval: 200 }).toBe(451);

    const { page } = await newPage(portal.browser, base);
    await signIn(page, 'admin.cms');
    // The list, searched by the transaction number in its URL, shows it failed.
    await page.goto(`/admin/aphrodite/order-management-digital-product?search=${topUp.transaction_no}`);
    const row = page.locator('.resource-row').filter({ hasText: topUp.transaction_no });
    await row.locator('[data-testid="top-up-status"][data-value="451"]').waitFor();
    await row.getByRole('link', { name: topUp.transaction_no }).click();
    await page.getByTestId('detail-view').waitFor();
    await page.getByTestId('top-up-action-retry').waitFor();
    await shot(page, 'top-up-detail-failed');

    await page.getByTestId('top-up-action-retry').click();
    await page.getByTestId('top-up-confirm-retry').click();
    await page.locator('[data-testid="detail-view"] [data-testid="top-up-status"][data-value="250"]').first().waitFor();
    await expect.poll(statusNow, { timeout: 20_000, interval: 200 }).toBe(400);
    await page.reload();
    await page.locator('[data-testid="detail-view"] [data-testid="top-up-status"][data-value="400"]').first().waitFor();
    const entries = page.getByTestId('top-up-timeline').getByTestId('top-up-timeline-entry');
    await expect.poll(async () => (await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).join(' ')).toBe('buy pay send biller_fail retry biller_success');
    await expect.poll(() => page.getByTestId('top-up-timeline').textContent()).toContain('Budi Santoso');
    // Nothing more is offered once it succeeded.
    expect(await page.locator('[data-testid^="top-up-action-"]').count()).toBe(0);
    await shot(page, 'top-up-detail-retried');
  });
});
