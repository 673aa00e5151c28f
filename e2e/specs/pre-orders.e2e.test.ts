import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiCall, pageData } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { newPage, shot } from '../support/browser.ts';
import { dayText, jakartaText, pick, typeDate } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { signIn } from '../support/session.ts';

// The consumers seed numbers its i-th consumer 628 + a prefix + (i·7919 mod 10^8); the first five are demo app consumers.
const PREFIXES = ['12', '13', '21', '52', '57', '77', '78', '95', '96', '81'];
const demoPhone = (i: number) => `628${PREFIXES[i % 10]}${String((i * 7919) % 100_000_000).padStart(8, '0')}`;
const DAY = 86_400_000;
const jakartaDay = (offset: number) => new Date(Date.now() + 7 * 3_600_000 + offset * DAY).toISOString().slice(0, 10);

describe('pre-orders', () => {
  const portal = usePortal();

  it('admin.cms creates an event; consumers pre-order through the app; an analyst sees their stickers, prints them and exports the event report, in English and Indonesian', { timeout: 300_000 }, async () => {
    const base = portal.server.url;
    // Two products store S0001 sells with stock, as the consumer app lists them.
    const consumers = await Promise.all([1, 2, 3].map((i) => apiCall<{ token: string }>(base, 'POST', '/api/v1/app/auth/sign-in', undefined, { phone: demoPhone(i), password: 'Demo@12345' })));
    const shelf = await apiCall<{ plu: string; name: string; stock: number; max_per_order: number | null }[]>(base, 'GET', '/api/v1/app/stores/S0001/products?limit=50', consumers[0]!.token);
    const [first, second] = shelf.filter((p) => p.stock >= 10 && p.max_per_order === null);
    expect(second).toBeDefined();

    // admin.cms creates the event through its form.
    // bypassCSP: each screen is audited with axe, injected into the page.
    const admin = await newPage(portal.browser, base, { bypassCSP: true });
    await signIn(admin.page, 'admin.cms');
    const page = admin.page;
    await page.goto('/admin/aphrodite/pre-order-events/create');
    await page.getByTestId('resource-form').waitFor();
    await page.locator('#pre-order-event_name').fill('Hampers Imlek E2E');
    await typeDate(page, '#pre-order-event_order_start', jakartaText(Date.now() - 3_600_000));
    await typeDate(page, '#pre-order-event_order_end', jakartaText(Date.now() + 6 * DAY));
    await typeDate(page, '#pre-order-event_collection_start', dayText(2));
    await typeDate(page, '#pre-order-event_collection_end', dayText(5));
    await page.locator('#pre-order-event_code').fill('IMLEK-E2E');
    await pick(page, '#pre-order-event_store_ids', 'S0001', 'S0001');
    await page.keyboard.press('Escape');
    for (const [i, product] of [first!, second!].entries()) {
      await page.getByTestId('event-add-product').click();
      await pick(page, `#pre-order-event_products_${i}_product`, product.plu, product.plu);
      await page.getByLabel(`Quota of product ${i + 1}`).fill(String(20 + i * 10));
    }
    await shot(page, 'pre-order-event-form');
    await expectAccessible(page);
    await page.getByTestId('form-submit').click();
    // Saved, the list shows it taking orders, nothing pre-ordered of its 50 units yet; its code opens its detail.
    const row = page.locator('.resource-row').filter({ hasText: 'IMLEK-E2E' });
    await row.getByTestId('event-phase').waitFor();
    await row.getByText('0 / 50').waitFor();
    await shot(page, 'pre-order-event-list');
    await expectAccessible(page);
    await row.getByRole('link', { name: 'IMLEK-E2E' }).click();
    await page.getByTestId('detail-view').waitFor();
    await page.getByTestId('event-products').getByText(first!.plu).waitFor();
    const eventId = Number(/pre-order-events\/(\d+)\/detail/.exec(page.url())?.[1]);
    expect(eventId).toBeGreaterThan(0);
    await shot(page, 'pre-order-event-detail');
    await expectAccessible(page);
    await admin.context.close();

    // Three consumers pre-order through the consumer API: collected at S0001 in two and three days.
    const placed: string[] = [];
    for (const [i, consumer] of consumers.entries()) {
      const order = await apiCall<{ order_no: string }>(base, 'POST', '/api/v1/app/orders', consumer.token, {
        store_code: 'S0001',
        fulfilment: 2,
        items: i === 1 ? [{ plu: first!.plu, quantity: 2 }] : [{ plu: first!.plu, quantity: 1 }, { plu: second!.plu, quantity: 1 + i }],
        event_code: 'IMLEK-E2E',
        collection_day: jakartaDay(2 + (i % 2)),
      });
      placed.push(order.order_no);
    }

    // The analyst (every pandora report, customers masked) sees their stickers.
    const analyst = await newPage(portal.browser, base, { bypassCSP: true, acceptDownloads: true });
    await signIn(analyst.page, 'analyst');
    const view = analyst.page;
    await view.goto(`/admin/pandora/report/pre-order-sticker?event_id=${eventId}&sort_by=collection_day&sort_dir=asc`);
    for (const orderNo of placed) await view.getByTestId('resource-table').getByText(orderNo).waitFor();
    expect(await view.locator('.resource-row').count()).toBe(3);
    expect(await view.locator('.resource-row svg[role="img"]').count()).toBe(3);
    await view.getByTestId('resource-table').getByText(/\*{2,}/).first().waitFor();
    await shot(view, 'pre-order-sticker');
    await expectAccessible(view);

    // The print view: the report's page as an A4 sheet of stickers.
    await view.getByTestId('sticker-print-open').click();
    await view.getByTestId('sticker-print').waitFor();
    expect(view.url()).toContain(`/report/pre-order-sticker/print?`);
    expect(view.url()).toContain(`event_id=${eventId}`);
    await expect.poll(() => view.getByTestId('pre-order-sticker').count()).toBe(3);
    await view.getByTestId('pre-order-sticker').first().getByText(placed[0]!).waitFor();
    await shot(view, 'pre-order-sticker-print');
    await expectAccessible(view);
    await view.emulateMedia({ media: 'print' });
    expect(await view.getByTestId('sticker-print-button').isVisible()).toBe(false);
    await shot(view, 'pre-order-sticker-print-paper');
    await view.emulateMedia({ media: 'screen' });

    // Nothing to print for a store without pre-orders.
    await view.goto(`/admin/pandora/report/pre-order-sticker?event_id=${eventId}&store_code=NOPE`);
    await view.getByTestId('resource-empty').waitFor();
    await shot(view, 'pre-order-sticker-empty');
    await view.goto(`/admin/pandora/report/pre-order-sticker/print?event_id=${eventId}&store_code=NOPE`);
    await view.getByTestId('sticker-print-empty').waitFor();

    // The event report: the summary on top, the detail below, exported with its two sheets.
    await view.goto(`/admin/pandora/report/event-report-summary?event_id=${eventId}`);
    const summary = await pageData<{ orders: number; quantity: number }>(view, `/api/v1/report/event-report-summary/summary?event_id=${eventId}`);
    // Units: 1 + 1, then 2, then 1 + 3, all waiting for their payment.
    expect(summary).toMatchObject({ orders: 3, quantity: 8 });
    await view.getByTestId('figure-orders').getByText('3').waitFor();
    await view.getByTestId('event-report-products').getByText(first!.plu).waitFor();
    await view.getByTestId('resource-table').locator('.resource-row').first().waitFor();
    await shot(view, 'pre-order-event-report');
    await expectAccessible(view);
    await view.getByTestId('export-button').click();
    const downloading = view.waitForEvent('download');
    await view.getByTestId('export-xlsx').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Export Event Report & Summary.xlsx');
    const xlsx = fs.readFileSync((await download.path())!);
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    // Two sheets (Summary, then Detail: their names are the server test's): the zip's directory names their files in clear.
    expect(xlsx.includes(Buffer.from('xl/worksheets/sheet2.xml'))).toBe(true);

    // The stickers as the spec's XLSX.
    await view.goto(`/admin/pandora/report/pre-order-sticker?event_id=${eventId}`);
    await view.getByTestId('resource-table').locator('.resource-row').first().waitFor();
    await view.getByTestId('export-button').click();
    const stickers = view.waitForEvent('download');
    await view.getByTestId('export-xlsx').click();
    expect((await stickers).suggestedFilename()).toBe('Export Pre Order Sticker.xlsx');

    // In Indonesian.
    await view.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await view.goto(`/admin/pandora/report/pre-order-sticker?event_id=${eventId}`);
    await view.getByText('Hari Pengambilan').first().waitFor();
    await shot(view, 'pre-order-sticker-id');
    await view.goto(`/admin/pandora/report/pre-order-sticker/print?event_id=${eventId}`);
    await view.getByTestId('pre-order-sticker').first().getByText('Hari Pengambilan').waitFor();
    await shot(view, 'pre-order-sticker-print-id');
    await view.goto(`/admin/pandora/report/event-report-summary?event_id=${eventId}`);
    await view.getByText('Ringkasan').first().waitFor();
    await view.getByTestId('event-report-summary').getByText(/Rp \d{1,3}(\.\d{3})+/).first().waitFor();
    await shot(view, 'pre-order-event-report-id');
    await expectAccessible(view);
  });
});
