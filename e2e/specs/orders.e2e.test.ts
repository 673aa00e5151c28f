import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { passStepUp, signIn } from '../support/session.ts';

const SECRET = 'e2e-payment-secret-of-at-least-32-characters';
// The consumers seed numbers its i-th consumer 628 + a prefix + (i·7919 mod 10^8); the first five are demo app consumers.
const PREFIXES = ['12', '13', '21', '52', '57', '77', '78', '95', '96', '81'];
const demoPhone = (i: number) => `628${PREFIXES[i % 10]}${String((i * 7919) % 100_000_000).padStart(8, '0')}`;

interface Placed {
  order_id: number;
  order_no: string;
  total: number;
}

/** Confirms a workflow move on the detail and waits for the order to show its new status. */
async function moveBy(page: Page, action: string, status: number): Promise<void> {
  await page.getByTestId(`order-action-${action}`).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Yes' }).click();
  await page.locator(`[data-testid="detail-view"] [data-testid="order-status"][data-value="${status}"]`).first().waitFor();
}

/** The dashboard's count of one store's orders placed on a Jakarta day that now rest in each status, read from its table. */
async function dashboardCounts(page: Page, day: string): Promise<Record<string, number>> {
  await page.goto(`/admin/aphrodite/dashboard?date=${day}&store_code=S0001`);
  const widget = page.getByTestId('dashboard-by-status');
  await widget.locator('.ant-table-row, [data-testid="widget-empty"]').first().waitFor();
  const rows = await widget.locator('.ant-table-row').evaluateAll((trs) =>
    trs.map((tr) => [tr.getAttribute('data-row-key') ?? '', tr.querySelectorAll('td')[1]?.textContent ?? '0'] as const),
  );
  return Object.fromEntries(rows.map(([status, n]) => [status, Number(n.replace(/\./g, ''))]));
}

describe('orders', () => {
  const portal = usePortal({ PAYMENT_WEBHOOK_SECRET: SECRET });

  it('a consumer orders and pays through the API; admin.cms picks one line short, checks, confirms, assigns a driver and delivers; the timeline, dashboard, packing slip and export show it', { timeout: 240_000 }, async () => {
    const base = portal.server.url;
    const consumer = await apiCall<{ token: string; name: string; consumer_id: number }>(base, 'POST', '/api/v1/app/auth/sign-in', undefined, { phone: demoPhone(2), password: 'Demo@12345' });
    const products = await apiCall<{ plu: string; name: string; stock: number }[]>(base, 'GET', '/api/v1/app/stores/S0001/products?limit=20', consumer.token);
    const [first, second] = products.filter((p) => p.stock >= 3);
    const order = await apiCall<Placed>(base, 'POST', '/api/v1/app/orders', consumer.token, {
      store_code: 'S0001',
      fulfilment: 1,
      delivery_mode: 2,
      delivery_address: 'Jl. Anggrek No. 5, Jakarta Selatan',
      items: [
        { plu: first!.plu, quantity: 2 },
        { plu: second!.plu, quantity: 1 },
      ],
    });
    const event = { event_id: `E2E-${order.order_no}`, order_no: order.order_no, status: 'PAID', amount: order.total, payment_ref: 'PG-E2E-1' };
    const signature = createHmac('sha256', SECRET).update([event.event_id, event.order_no, event.status, event.amount, event.payment_ref].join('|')).digest('hex');
    await apiCall(base, 'POST', '/api/v1/payments/callback', undefined, { ...event, signature });

    const day = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const { page } = await newPage(portal.browser, base);
    await signIn(page, 'admin.cms');
    const before = await dashboardCounts(page, day);
    // The list, filtered by the order number in its URL, shows the paid order waiting for its store.
    await page.goto(`/admin/aphrodite/order-management?order_id=${order.order_no}`);
    const row = page.locator('.resource-row').filter({ hasText: order.order_no });
    await row.locator('[data-testid="order-status"][data-value="205"]').waitFor();
    await shot(page, 'order-list');
    await row.getByRole('link', { name: order.order_no }).click();
    await page.getByTestId('detail-view').waitFor();

    // One of the two units of the first line is damaged: picked short with its reason.
    await page.getByTestId(`order-picked-${first!.plu}`).fill('1');
    await page.getByTestId(`order-reason-${first!.plu}`).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Damaged' }).click();
    await page.getByTestId('order-save-picking').click();
    await page.getByTestId('order-timeline').locator('[data-action="pick_items"]').waitFor();

    await moveBy(page, 'check_stock', 201);
    await moveBy(page, 'confirm_pick', 300);
    // Out for delivery waits for a driver.
    await expect.poll(() => page.getByTestId('order-action-dispatch').isDisabled()).toBe(true);
    await page.getByTestId('order-assign-driver').click();
    await page.getByTestId('order-driver-name').fill('Agus Pratama');
    await page.getByTestId('order-driver-phone').fill('081298765432');
    await page.getByTestId('order-driver-ok').click();
    await page.getByTestId('order-timeline').locator('[data-action="assign_driver"]').waitFor();
    await moveBy(page, 'dispatch', 310);
    await moveBy(page, 'deliver', 400);
    // Nothing more is offered once the customer has the goods.
    await expect.poll(() => page.locator('[data-testid^="order-action-"]').count()).toBe(0);
    const entries = page.getByTestId('order-timeline').getByTestId('order-timeline-entry');
    await expect.poll(async () => (await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).join(' ')).toBe(
      'place pay queue pick_items check_stock confirm_pick assign_driver dispatch deliver',
    );
    await expect.poll(() => page.getByTestId('order-timeline').textContent()).toContain('Agus Pratama');
    await shot(page, 'order-detail-delivered');

    // The dashboard moved the order from paid to delivered among the store's orders of the day.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const after = await dashboardCounts(page, day);
    expect(after['400'] ?? 0).toBe((before['400'] ?? 0) + 1);
    // Paid (200) or queued for the store (205) when first read: the queueing may not have run yet.
    expect((after['200'] ?? 0) + (after['205'] ?? 0)).toBe((before['200'] ?? 0) + (before['205'] ?? 0) - 1);
    // Each chart is drawn (ECharts loads after the screen) beside its table; with reduced motion, at once.
    await expect.poll(() => page.locator('[data-testid="dashboard-by-status"] [data-testid="chart"] svg path').count()).toBeGreaterThan(0);
    await shot(page, 'order-dashboard');
    await page.goto(`/admin/aphrodite/order-management/${order.order_id}/detail`);
    await page.getByTestId('detail-view').waitFor();

    // The packing slip shows what was picked.
    await page.getByTestId('order-preview').click();
    await page.getByTestId('order-slip').getByText(order.order_no).waitFor();
    await shot(page, 'order-packing-slip');

    // The export of the filtered list holds the delivered order with its refund for the short line.
    await page.goto(`/admin/aphrodite/order-management?order_id=${order.order_no}`);
    await page.locator('.resource-row').filter({ hasText: order.order_no }).locator('[data-testid="order-status"][data-value="400"]').waitFor();
    await page.getByTestId('export-button').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    await passStepUp(page, base, 'admin.cms@demo.local');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Export-order_management_\d{8}_\d{6}\.csv$/);
    const lines = fs.readFileSync((await download.path())!, 'utf8').slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(order.order_no);
    expect(lines[1]).toContain('Distribute to Customer');
    expect(lines[1]).toContain(',Yes,');

    // The one-customer view lists the order, and the delivered order as an online sale in the POS history.
    await page.goto(`/admin/aphrodite/consumer/${consumer.consumer_id}/detail`);
    await page.getByTestId('consumer-tabs').getByRole('tab', { name: 'Orders' }).click();
    await page.getByTestId('consumer-orders').getByText(order.order_no).waitFor();
    await page.getByTestId('consumer-tabs').getByRole('tab', { name: 'POS Sales' }).click();
    await page.getByTestId('consumer-pos-sales').getByText(order.order_no).waitFor();

    // The consumer sees the order delivered, one unit short.
    const mine = await apiCall<{ status: number; items: { picked_quantity: number }[]; driver_name: string }>(base, 'GET', `/api/v1/app/orders/${order.order_id}`, consumer.token);
    expect(mine).toMatchObject({ status: 400, driver_name: 'Agus Pratama' });
    expect(mine.items.map((i) => i.picked_quantity)).toEqual([1, 1]);
  });
});
