import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, shot } from '../support/browser.ts';
import { pick } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { apiCall } from '../support/api.ts';
import { signIn, signInSuperAdmin } from '../support/session.ts';

const POS_SECRET = 'e2e-pos-secret-of-at-least-32-characters!';
const LIST = '/admin/aphrodite/voucher-digital/order-voucher-management';

/** Makes a move from the open detail: its button, then its confirmation or its dialog; answers the toast shown. */
async function makeMove(page: Page, action: string, fill?: (page: Page) => Promise<void>): Promise<void> {
  await page.getByTestId(`voucher-order-action-${action}`).click();
  if (fill) {
    await page.getByTestId('voucher-order-move-form').waitFor();
    await fill(page);
    await page.getByTestId('voucher-order-move-ok').click();
  } else {
    await page.getByTestId(`voucher-order-confirm-${action}`).click();
  }
}

describe('order voucher management', () => {
  const portal = usePortal({ POS_SECRET });

  it('admin.cms places a client’s order and makes the maker steps, the Super Admin the checker steps and the release; each sees only their moves', { timeout: 180_000 }, async () => {
    const maker = await newPage(portal.browser, portal.server.url);
    await signIn(maker.page, 'admin.cms');
    await maker.page.goto(LIST);
    await maker.page.getByTestId('resource-table').getByText('PT Nusantara Karya Mandiri').first().waitFor();
    await shot(maker.page, 'voucher-orders');

    // A new client, entered as Partner Management enters one (its screens have their own spec), with a period from today.
    const profile = (await (await maker.page.request.get('/api/v1/user/profile')).json()) as { data: { id: number } };
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const code = `E2E${Date.now() % 100_000}`;
    const made = await maker.page.request.post('/api/v1/partners', {
      data: {
        partner_code: code,
        name: `PT Klien Uji ${code}`,
        npwp: '01.234.567.8-012.000',
        address: 'Jl. Gatot Subroto Kav. 18, Jakarta Selatan 12950',
        email: 'pengadaan@klienuji.co.id',
        phone: '0215201234',
        contact_name: 'Sari Wulandari',
        contact_email: 'sari@klienuji.co.id',
        contact_phone: '081298765432',
        pic_user_id: profile.data.id,
        status: 1,
      },
    });
    expect(made.status(), await made.text()).toBe(200);
    const partner = ((await made.json()) as { data: { id: number } }).data;
    const period = await maker.page.request.post(`/api/v1/partners/${partner.id}/periods`, { data: { agreement_no: `PKS/${code}/2026`, starts_on: today, ends_on: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`, note: null } });
    expect(period.status(), await period.text()).toBe(200);

    // Place: the form refuses an empty line first, then totals the lines in Rupiah as they are typed.
    await maker.page.goto(`${LIST}/create`);
    await maker.page.getByTestId('resource-form').waitFor();
    await pick(maker.page, '#voucher-order_partner_id', code, code);
    await pick(maker.page, '#voucher-order_payment_method', 'Bank Transfer');
    await maker.page.getByTestId('form-submit').click();
    await maker.page.locator('.ant-form-item-explain-error').first().waitFor();
    await maker.page.getByTestId('voucher-line-product-0').click();
    await maker.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'EV100K' }).click();
    await maker.page.getByTestId('voucher-line-quantity-0').fill('12');
    await maker.page.getByTestId('voucher-line-add').click();
    await maker.page.getByTestId('voucher-line-product-1').click();
    await maker.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'EV50K' }).click();
    await maker.page.getByTestId('voucher-line-quantity-1').fill('8');
    await maker.page.getByTestId('voucher-lines-total').filter({ hasText: 'Rp 1.600.000' }).waitFor();
    await shot(maker.page, 'voucher-order-create');
    const placed = maker.page.waitForResponse((r) => r.url().endsWith('/api/v1/voucher-orders') && r.request().method() === 'POST');
    await maker.page.getByTestId('form-submit').click();
    const answer = await placed;
    expect(answer.status()).toBe(200);
    const order = ((await answer.json()) as { data: { id: number; order_number: string } }).data;

    // The maker processes it; the approval is not offered to the one who processed it.
    await maker.page.goto(`${LIST}/${order.id}/detail`);
    await maker.page.getByTestId('voucher-order-total').filter({ hasText: 'Rp 1.600.000' }).waitFor();
    await makeMove(maker.page, 'pic_process');
    await maker.page.getByText('PIC processing successful').waitFor();
    await maker.page.getByTestId('voucher-order-timeline').getByText('Processed by PIC').first().waitFor();
    expect(await maker.page.getByTestId('voucher-order-action-pic_approve').count()).toBe(0);

    const checker = await newPage(portal.browser, portal.server.url);
    await signInSuperAdmin(checker.page, portal.server.url);
    await checker.page.goto(`${LIST}/${order.id}/detail`);
    await makeMove(checker.page, 'pic_approve');
    await checker.page.getByText('PIC Approval successful').waitFor();

    // Finance (the maker) records the transfer; a short amount is refused with the server's message and no success toast.
    await maker.page.reload();
    await makeMove(maker.page, 'payment_verify', async (p) => {
      await p.getByTestId('voucher-order-payment-ref').fill('BCA-TRF-88123');
      await p.getByTestId('voucher-order-payment-amount').fill('1500000');
    });
    await maker.page.getByText('does not match', { exact: false }).waitFor();
    expect(await maker.page.getByText('Verify Payment Success').count()).toBe(0);
    await maker.page.getByTestId('voucher-order-payment-amount').fill('1600000');
    await maker.page.getByTestId('voucher-order-move-ok').click();
    await maker.page.getByText('Verify Payment Success').first().waitFor();
    await shot(maker.page, 'voucher-order-payment-verified');

    // The checker confirms the payment date with a reason, lowers one line's release amount, and releases.
    await checker.page.reload();
    await makeMove(checker.page, 'payment_date_verify', async (p) => {
      await p.getByTestId('voucher-order-reason').fill('Mutasi BCA sesuai, masuk hari ini');
    });
    await checker.page.getByText('Verify Payment Success').first().waitFor();
    await checker.page.getByTestId('voucher-order-release-amount-EV50K').click();
    await checker.page.getByTestId('voucher-order-release-amount-input').fill('5');
    await checker.page.getByTestId('voucher-order-release-amount-ok').click();
    await checker.page.getByText('Edit Data Successful').first().waitFor();
    await makeMove(checker.page, 'release');
    await checker.page.getByText('Release Voucher Success').first().waitFor();
    await checker.page.getByTestId('voucher-order-release-progress').getByText('17 vouchers released').waitFor({ timeout: 30_000 });
    await checker.page.getByTestId('order-vouchers').scrollIntoViewIfNeeded();
    await shot(checker.page, 'voucher-order-released');

    // The quotation and the receipt: print-ready pages, and the same documents as PDF downloads.
    for (const kind of ['quotation', 'receipt'] as const) {
      await checker.page.goto(`${LIST}/${order.id}/${kind}`);
      await checker.page.getByTestId('voucher-document-total').filter({ hasText: 'Rp 1.600.000' }).waitFor();
      await shot(checker.page, `voucher-order-${kind}`);
      const pdf = await checker.page.request.get(`/api/v1/voucher-orders/${order.id}/${kind}`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      const bytes = await pdf.body();
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(5_000);
      expect(pdf.headers()['content-disposition']).toContain(kind === 'quotation' ? 'Quotation_QUO-' : 'Receipt_KWT-');
    }

    // The client's file holds the whole codes; the POS redeems one at a store.
    const file = await checker.page.request.get(`/api/v1/vouchers/export?format=csv&order_id=${order.id}`);
    expect(file.status()).toBe(200);
    const barcode = (await file.text()).match(/\b\d{18}\b/)?.[0];
    expect(barcode).toBeDefined();
    const stores = (await (await checker.page.request.get('/api/v1/stores?limit=1&status=1')).json()) as { data: { data: { code: string }[] } };
    const redemption = { voucher_barcode: barcode!, store_code: stores.data.data[0]!.code, pos_ref: 'POS-E2E-1', transaction_no: 'TRX-E2E-1' };
    const signature = createHmac('sha256', POS_SECRET).update(Object.values(redemption).join('|')).digest('hex');
    const redeemed = await apiCall<{ denomination: number }>(portal.server.url, 'POST', '/api/v1/pos/vouchers/redeem', undefined, { ...redemption, signature });
    expect([50_000, 100_000]).toContain(redeemed.denomination);

    // The redemption is in the Voucher Redeem Report, its POS transaction beside the voucher's masked code.
    await checker.page.goto('/admin/pandora/voucher-usage-report');
    await checker.page.getByTestId('resource-table').getByText('TRX-E2E-1').waitFor();
    await checker.page.getByTestId('resource-table').getByText(barcode!.slice(-4)).first().waitFor();
    await shot(checker.page, 'voucher-redeem-report');

    // Check Voucher Status: nothing is asked without a barcode; the used voucher shows where; a failed lookup clears it.
    await checker.page.goto('/admin/pandora/check-voucher-status');
    await checker.page.getByTestId('voucher-status-check').click();
    await checker.page.locator('.ant-form-item-explain-error').filter({ hasText: 'required' }).waitFor();
    await checker.page.getByTestId('voucher-status-barcode').fill(barcode!);
    await checker.page.getByTestId('voucher-status-check').click();
    await checker.page.getByTestId('voucher-status-result').getByTestId('status-tag').filter({ hasText: 'Used' }).waitFor();
    await checker.page.getByTestId('voucher-status-result').getByText(order.order_number).waitFor();
    await shot(checker.page, 'voucher-status');
    const unknown = '123456789012345671';
    await checker.page.getByTestId('voucher-status-barcode').fill(unknown);
    await checker.page.getByTestId('voucher-status-check').click();
    await checker.page.getByTestId('voucher-status-error').waitFor();
    expect(await checker.page.getByTestId('voucher-status-result').count()).toBe(0);

    // In Indonesian, the order reads as done, with its timeline.
    await maker.page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await maker.page.reload();
    await maker.page.getByTestId('voucher-order-timeline').getByText('Voucher dirilis').waitFor();
    await shot(maker.page, 'voucher-order-detail-id');
  });

  it('admin.cms verifies a waiting order’s payment by file on Bulk Voucher, the row checked first, the spec’s toast at the end', { timeout: 120_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    const waiting = (await (await page.request.get('/api/v1/voucher-orders?status=waiting_for_payment&limit=1')).json()) as { data: { data: { order_number: string; total_amount: number }[] } };
    const order = waiting.data.data[0]!;
    await page.goto('/admin/aphrodite/method-of-payment/bulk-voucher');
    await page.getByTestId('bulk-voucher-payment-verify-card').waitFor();
    await shot(page, 'bulk-voucher');
    await page.getByTestId('bulk-voucher-payment-verify-open').click();
    await page.waitForURL(/bulk-voucher\/payment-verify/);
    await page.getByTestId('import-dropzone').waitFor();
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const text = `Order Number,Transfer Reference,Amount Received,Payment Date\r\n${order.order_number},BCA-BULK-1,${order.total_amount},${today}\r\n`;
    await page.getByTestId('import-dropzone').locator('input[type=file]').setInputFiles({ name: 'pembayaran.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    await page.getByTestId('import-preview').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('import-cell-error').count()).toBe(0);
    await page.getByTestId('import-next').click();
    await page.getByTestId('import-confirm').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm import' }).click();
    await page.getByTestId('import-completed').waitFor({ timeout: 30_000 });
    await page.getByText('Payment Verify Bulk Voucher is Successful').waitFor();
    const after = (await (await page.request.get(`/api/v1/voucher-orders?order_number=${order.order_number}`)).json()) as { data: { data: { status: string }[] } };
    expect(after.data.data[0]?.status).toBe('on_payment_verification');
  });
});
