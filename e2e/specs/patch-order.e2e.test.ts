import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { audit, describeFinding } from '../support/a11y.ts';
import { apiCall } from '../support/api.ts';
import { newPage, shot } from '../support/browser.ts';
import { pick } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { signInSuperAdmin } from '../support/session.ts';

const SECRET = 'e2e-payment-secret-of-at-least-32-characters';
// The consumers seed numbers its i-th consumer 628 + a prefix + (i·7919 mod 10^8); the first five are demo app consumers.
const PREFIXES = ['12', '13', '21', '52', '57', '77', '78', '95', '96', '81'];
const demoPhone = (i: number) => `628${PREFIXES[i % 10]}${String((i * 7919) % 100_000_000).padStart(8, '0')}`;

describe('patch order', () => {
  const portal = usePortal({ PAYMENT_WEBHOOK_SECRET: SECRET });

  it('the Super Admin looks an order up, reads its MSI and GM detail, patches it to Cancel with a preview and a reason, sees the stock given back, and undoes it, in English and Indonesian', { timeout: 240_000 }, async () => {
    const base = portal.server.url;
    // A consumer orders two units of a product at S0001 and pays: the order waits for the store's checking.
    const consumer = await apiCall<{ token: string }>(base, 'POST', '/api/v1/app/auth/sign-in', undefined, { phone: demoPhone(3), password: 'Demo@12345' });
    const products = await apiCall<{ plu: string; stock: number }[]>(base, 'GET', '/api/v1/app/stores/S0001/products?limit=20', consumer.token);
    const product = products.find((p) => p.stock >= 3)!;
    const order = await apiCall<{ order_no: string; total: number }>(base, 'POST', '/api/v1/app/orders', consumer.token, {
      store_code: 'S0001',
      fulfilment: 2,
      delivery_mode: null,
      delivery_address: null,
      items: [{ plu: product.plu, quantity: 2 }],
    });
    const event = { event_id: `E2E-PATCH-${order.order_no}`, order_no: order.order_no, status: 'PAID', amount: order.total, payment_ref: 'PG-E2E-PATCH' };
    const signature = createHmac('sha256', SECRET).update([event.event_id, event.order_no, event.status, event.amount, event.payment_ref].join('|')).digest('hex');
    await apiCall(base, 'POST', '/api/v1/payments/callback', undefined, { ...event, signature });

    const { page } = await newPage(portal.browser, base, { bypassCSP: true });
    await signInSuperAdmin(page, base);
    await page.goto('/admin/heimdal/patch-order');
    await page.getByText('Enter an order number').waitFor();
    await shot(page, 'patch-order-empty');

    // An unknown number says so; the real one shows the order, kept in the URL.
    await page.getByTestId('patch-order-no').fill('ORD-NOT-THERE');
    await page.getByTestId('patch-order-look-up').click();
    await page.getByTestId('patch-order-missing').waitFor();
    await page.getByTestId('patch-order-no').fill(order.order_no);
    await page.getByTestId('patch-order-look-up').click();
    const summary = page.getByTestId('patch-order-summary');
    const status = (code: number) => summary.locator('.ant-descriptions').first().locator(`[data-testid="order-status"][data-value="${code}"]`);
    await status(205).waitFor();
    expect(new URL(page.url()).searchParams.get('order')).toBe(order.order_no);
    await summary.getByRole('tab', { name: 'MSI detail' }).click();
    await page.getByTestId('patch-order-msi').getByText(product.plu).waitFor();
    await summary.getByRole('tab', { name: 'GM detail' }).click();
    const gm = page.getByTestId('patch-order-gm');
    await gm.getByText(product.plu).waitFor();
    const stockBefore = Number((await gm.locator('.ant-table-row td').last().textContent())?.replace(/\./g, ''));
    await shot(page, 'patch-order-gm');

    // The preview: the status and the stock given back; nothing is applied without a reason.
    await pick(page, '[data-testid="patch-to-status"]', '210 Cancel');
    await page.getByTestId('guarded-preview').click();
    const changes = page.getByTestId('guarded-changes');
    await changes.getByText('210 Cancel').waitFor();
    await changes.getByText(String(stockBefore + 2)).waitFor();
    await page.getByTestId('guarded-apply').click();
    await page.getByText('Give the reason for this change').first().waitFor();
    await shot(page, 'patch-order-preview');
    const findings = await audit(page);
    expect(findings.map((f) => describeFinding('patch-order preview', f))).toEqual([]);
    await page.getByTestId('guarded-reason').fill('The store cannot serve it: cancelled with the customer by phone');
    await page.getByTestId('guarded-apply').click();
    await page.getByText('Patch Order Success').waitFor();
    await status(210).waitFor();
    await summary.getByRole('tab', { name: 'Timeline' }).click();
    await summary.getByText('Patched by an operator').waitFor();
    await summary.getByRole('tab', { name: 'GM detail' }).click();
    await expect.poll(async () => Number((await gm.locator('.ant-table-row td').last().textContent())?.replace(/\./g, ''))).toBe(stockBefore + 2);

    // The patch is listed; its undo puts the order and the stock back.
    const actions = page.getByTestId('operator-actions');
    const row = actions.locator('.ant-table-row').filter({ hasText: order.order_no }).first();
    await row.getByText('Can be undone').waitFor();
    await shot(page, 'patch-order-applied');
    await row.getByRole('button', { name: 'Undo' }).click();
    await page.getByTestId('undo-reason').fill('Customer changed their mind, keep the order');
    await page.getByTestId('undo-ok').click();
    await page.getByText('Change undone').waitFor();
    await status(205).waitFor();
    await row.getByText(/Undone/).waitFor();

    // In Indonesian.
    await page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await page.reload();
    await page.getByRole('heading', { name: 'Perbaiki Pesanan', level: 1 }).waitFor();
    await page.getByTestId('patch-order-summary').getByRole('tab', { name: 'Rincian GM' }).waitFor();
    await page.getByText('Perubahan dengan alat ini').waitFor();
    await shot(page, 'patch-order-id');
  });
});
