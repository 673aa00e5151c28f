import { describe, expect, it } from 'vitest';
import { audit } from '../support/a11y.ts';
import { newPage, shot } from '../support/browser.ts';
import { pick, typeDate, dayText } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { signIn } from '../support/session.ts';

const LIST = '/admin/aphrodite/voucher-digital/partner-management';
const CREDIT = '/admin/aphrodite/method-of-payment/credit-limit';


describe('partner management and credit limit', () => {
  const portal = usePortal();

  it('admin.cms creates a partner, adds a period, is told of an overlapping one, sets its credit limit; a viewer in Indonesian only reads', { timeout: 180_000 }, async () => {
    // bypassCSP: the dialogs are audited with axe, injected into the page.
    const { page } = await newPage(portal.browser, portal.server.url, { bypassCSP: true });
    await signIn(page, 'admin.cms');
    await page.goto(LIST);
    await page.getByTestId('resource-table').getByText('PT Nusantara Karya Mandiri').waitFor();
    await shot(page, 'partners');

    const code = `e2e${Date.now() % 100_000}`;
    await page.goto(`${LIST}/create`);
    await page.getByTestId('resource-form').waitFor();
    await page.getByTestId('field-partner_code').fill(code);
    await page.getByTestId('field-name').fill('PT Uji Coba Sejahtera');
    await page.getByTestId('field-npwp').fill('01.234.567.8-901');
    await page.getByTestId('field-email').fill('keuangan@ujicoba.co.id');
    await page.getByTestId('field-phone').fill('021-5550199');
    await page.getByTestId('field-address').fill('Jl. MH Thamrin No. 1, Menteng, Jakarta Pusat 10310');
    await page.getByTestId('field-contact_name').fill('Sari Wulandari');
    await page.getByTestId('field-contact_email').fill('sari@ujicoba.co.id');
    await page.getByTestId('field-contact_phone').fill('0812 7777 1234');
    await pick(page, '#partner_pic_user_id', 'Budi Santoso', 'Budi');
    // A short NPWP is refused by the form, in the contract's words, before anything is sent.
    await page.getByTestId('form-submit').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: '15 or 16 digits' }).waitFor();
    await page.getByTestId('field-npwp').fill('01.234.567.8-901.000');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/partners') && r.request().method() === 'POST');
    await page.getByTestId('form-submit').click();
    expect((await created).status()).toBe(200);
    await page.getByTestId('resource-table').getByText(code.toUpperCase()).first().waitFor();

    // Its detail: the NPWP as printed, the PIC, no credit yet, no period yet; a period is added from it.
    await page.getByTestId('resource-table').getByRole('link', { name: 'PT Uji Coba Sejahtera' }).first().click();
    await page.getByTestId('detail-item-npwp').getByText('01.234.567.8-901.000').waitFor();
    expect(await page.getByTestId('detail-item-pic_user_name').textContent()).toBe('Budi Santoso');
    expect(await page.getByTestId('detail-item-credit_limit').textContent()).toBe('Rp 0');
    await page.getByTestId('partner-add-period').click();
    await page.getByTestId('partner-period-form').waitFor();
    await page.getByTestId('field-agreement_no').fill(`PKS/${code}/001`);
    await typeDate(page, '#starts_on', dayText(-10));
    await typeDate(page, '#ends_on', dayText(355));
    await page.getByTestId('field-note').fill('Kontrak tahun pertama');
    // Audited as it stands (a picker's clear button shows only under the pointer, as in every form).
    await page.locator('.ant-modal-title').hover();
    expect(await audit(page)).toEqual([]);
    await page.getByTestId('partner-period-ok').click();
    await page.getByText('Add Period successful').waitFor();
    const periods = page.getByTestId('partner-periods');
    await periods.getByText(`PKS/${code}/001`).waitFor();
    expect(await periods.getByTestId('status-tag').first().textContent()).toBe('Current');

    // A period reaching into the first is refused by the server, which names the agreement it overlaps.
    await page.getByTestId('partner-add-period').click();
    await page.getByTestId('field-agreement_no').fill(`PKS/${code}/002`);
    await typeDate(page, '#starts_on', dayText(300));
    await typeDate(page, '#ends_on', dayText(400));
    await page.getByTestId('partner-period-ok').click();
    await page.getByText(`This period overlaps agreement PKS/${code}/001`).waitFor();
    await shot(page, 'partner-period-overlap');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('detail-section-credit').scrollIntoViewIfNeeded();
    await shot(page, 'partner-detail');

    // The credit limit screen: the new partner has none; set Rp 75.000.000.
    await page.goto(`${CREDIT}?sort_by=updated_at&sort_dir=desc`);
    const table = page.getByTestId('resource-table');
    const row = table.locator('.resource-row').filter({ hasText: code.toUpperCase() });
    await row.waitFor();
    await row.locator('[data-testid^="credit-limit-edit-"]').click();
    await page.getByTestId('field-credit_limit').fill('75000000');
    await shot(page, 'credit-limit-dialog');
    expect(await audit(page)).toEqual([]);
    const saved = page.waitForResponse((r) => /\/api\/v1\/credit-limits\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
    await page.getByTestId('credit-limit-ok').click();
    expect((await saved).status()).toBe(200);
    await page.getByText('Edit Data Successful').waitFor();
    await row.getByText('Rp 75.000.000').first().waitFor();
    await page.goto(`${CREDIT}?has_limit=true&sort_by=credit_limit&sort_dir=desc`);
    await table.getByText('Rp 250.000.000').first().waitFor();
    await shot(page, 'credit-limits');

    // In Indonesian, the viewer sees the partners without a way to create, and the limits without a way to edit.
    const viewer = await newPage(portal.browser, portal.server.url);
    await viewer.page.addInitScript(() => localStorage.setItem('portal.lang', 'id'));
    await signIn(viewer.page, 'viewer');
    await viewer.page.goto(LIST);
    await viewer.page.getByTestId('resource-table').getByText(code.toUpperCase()).waitFor();
    await viewer.page.getByText('Kode Mitra').first().waitFor();
    expect(await viewer.page.getByTestId('create-button').count()).toBe(0);
    await shot(viewer.page, 'partners-id');
    await viewer.page.getByTestId('resource-table').getByRole('link', { name: 'PT Nusantara Karya Mandiri' }).click();
    await viewer.page.getByTestId('partner-periods').getByText(/^PKS\/NKM\/\d{4}\/017$/).waitFor();
    expect(await viewer.page.getByTestId('partner-add-period').count()).toBe(0);
    const tags = viewer.page.getByTestId('partner-periods').getByTestId('status-tag');
    expect(await tags.allTextContents()).toEqual(['Berjalan', 'Berakhir']);
    await viewer.page.getByTestId('detail-section-periods').scrollIntoViewIfNeeded();
    await shot(viewer.page, 'partner-detail-id');
    await viewer.page.goto(CREDIT);
    await viewer.page.getByTestId('resource-table').getByText('PT Bumi Hijau Lestari').waitFor();
    expect(await viewer.page.locator('[data-testid^="credit-limit-edit-"]').count()).toBe(0);
  });
});
