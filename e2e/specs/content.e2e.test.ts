import { describe, expect, it } from 'vitest';
import { newPage, shot } from '../support/browser.ts';
import { jakartaText, pick, typeDate } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { signIn, signInSuperAdmin } from '../support/session.ts';

describe('marketing content with maker-checker approval', () => {
  const portal = usePortal();

  it('admin.cms creates and submits an offer; another approver compares and approves it; it shows Published - Upcoming, then Live from its start', { timeout: 240_000 }, async () => {
    const title = 'Promo Uji Persetujuan E2E';
    // Starts 60 s from now (the picker takes seconds): time to submit and approve before, a short wait after.
    const startAt = Date.now() + 60_000;
    const maker = (await newPage(portal.browser, portal.server.url)).page;
    await signIn(maker, 'admin.cms');
    await maker.goto('/admin/aphrodite/offers/create');
    await maker.getByTestId('resource-form').waitFor();
    await maker.getByTestId('field-title').fill(title);
    await typeDate(maker, '#offer_start_at', jakartaText(startAt));
    await typeDate(maker, '#offer_end_at', jakartaText(startAt + 7 * 86_400_000));
    await pick(maker, '#offer_content_type', 'Promo Item');
    await pick(maker, '#offer_display_location', 'Homepage - Belanja');
    // A PNG uploaded from the form lands under /images and fills the image address.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const uploaded = maker.waitForResponse((r) => r.url().endsWith('/api/v1/content-images'));
    await maker.locator('input[type=file]').setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: png });
    expect((await uploaded).status()).toBe(200);
    await expect.poll(() => maker.locator('#offer_image_url').inputValue()).toMatch(/^\/images\/[a-f0-9]{32}\.png$/);
    const created = maker.waitForResponse((r) => r.url().endsWith('/api/v1/offers') && r.request().method() === 'POST');
    await maker.getByTestId('form-submit').click();
    const createdRes = await created;
    expect(createdRes.status(), await createdRes.text()).toBe(200);
    const id = (await createdRes.json()).data.id as number;

    await maker.goto(`/admin/aphrodite/offers/${id}/detail`);
    await maker.getByTestId('detail-view').waitFor();
    await expect.poll(() => maker.getByTestId('detail-item-status').textContent()).toBe('Draft');
    await maker.getByTestId('content-image').waitFor();
    const submitted = maker.waitForResponse((r) => r.url().endsWith(`/offers/${id}/submit`));
    await maker.getByTestId('workflow-submit').click();
    await maker.getByTestId('workflow-submit-confirm').click();
    expect((await submitted).status()).toBe(200);
    await expect.poll(() => maker.getByTestId('detail-item-status').textContent()).toBe('Pending Approval');
    // The maker may not approve their own submission: no approve button, and no edit while in review.
    await expect.poll(() => maker.getByTestId('detail-edit').count()).toBe(0);
    expect(await maker.getByTestId('workflow-approve').count()).toBe(0);
    await shot(maker, 'content-offer-pending');

    const checker = (await newPage(portal.browser, portal.server.url)).page;
    await signInSuperAdmin(checker, portal.server.url);
    await checker.goto('/admin/aphrodite/approval-messages');
    await checker.getByTestId(`approval-open-${id}`).click();
    await checker.getByTestId('approval-review').waitFor();
    await checker.getByTestId('diff-table').waitFor();
    await checker.getByTestId('compare-published-at').getByText('Never published before').waitFor();
    await checker.getByTestId('diff-row-title').getByText(title).waitFor();
    await shot(checker, 'content-approval-compare');
    const approved = checker.waitForResponse((r) => r.url().endsWith(`/approval-messages/${id}/approve`));
    await checker.getByTestId('review-approve').click();
    expect((await approved).status()).toBe(200);
    await checker.getByTestId('approval-list').waitFor();
    await expect.poll(() => checker.getByTestId(`approval-open-${id}`).count()).toBe(0);

    await maker.reload();
    await expect.poll(() => maker.getByTestId('detail-item-status').textContent()).toBe('Published - Upcoming');
    await maker.getByTestId('workflow-deactivate').waitFor();
    await shot(maker, 'content-offer-upcoming');

    // From its start the offer is live (the scheduled job moves it; the page reads it again).
    await new Promise((r) => setTimeout(r, Math.max(0, startAt - Date.now())));
    try {
      await expect
        .poll(
          async () => {
            await maker.goto(`/admin/aphrodite/offers/${id}/detail`);
            await maker.getByTestId('detail-view').waitFor({ timeout: 20_000 });
            return maker.getByTestId('detail-item-status').textContent();
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toBe('Published - Live');
    } catch (err) {
      await shot(maker, 'content-offer-live-failed');
      throw err;
    }
    await shot(maker, 'content-offer-live');
  });

  it('the offer form shows the estimated audience of its targeting, following it as it changes', { timeout: 60_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.goto('/admin/aphrodite/offers/create');
    await page.getByTestId('resource-form').waitFor();
    const estimate = page.getByTestId('audience-estimate');
    const settled = async () => ((await estimate.getAttribute('data-loading')) === 'false' ? await estimate.textContent() : null);
    await expect.poll(settled, { timeout: 15_000 }).toMatch(/^Estimated audience: \d{1,3}(\.\d{3})* consumers$/);
    const everyone = Number((await estimate.textContent())!.replace(/\D/g, ''));
    expect(everyone).toBeGreaterThan(0);
    await pick(page, '#offer_member_scope', 'App Member');
    await expect.poll(async () => Number(((await settled()) ?? 'x').replace(/\D/g, '') || NaN), { timeout: 15_000 }).toBeLessThan(everyone);
    await pick(page, '#offer_targeting', 'Targeted');
    await expect.poll(() => estimate.textContent()).toContain('Choose consumer tags or regions');
    await shot(page, 'content-offer-audience');
  });
  it('duplicates an offer into the create form, saved as a new Draft only on Save', { timeout: 60_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.goto('/admin/aphrodite/offers?search=Beli%202%20Gratis');
    await page.locator('.resource-row').first().locator('a').first().click();
    await page.getByTestId('detail-view').waitFor();
    const original = (await page.getByTestId('detail-item-title').textContent())!;
    await page.getByTestId('workflow-duplicate').click();
    await page.waitForURL(/\/offers\/\d+\/duplicate$/);
    const title = page.getByTestId('field-title');
    await expect.poll(() => title.inputValue()).toBe(`${original} (copy)`);
    // The copied record's other values fill the form too (this offer is a Promo Catalog).
    await page.getByTestId('resource-form').getByText('Promo Catalog', { exact: true }).first().waitFor();
    await shot(page, 'content-offer-duplicate');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/offers') && r.request().method() === 'POST');
    await page.getByTestId('form-submit').click();
    const res = await created;
    expect(res.status(), await res.text()).toBe(200);
    const copyId = (await res.json()).data.id as number;
    await page.waitForURL(new RegExp(`/offers/${copyId}/detail$`));
    await expect.poll(() => page.getByTestId('detail-item-status').textContent()).toBe('Draft');
    await expect.poll(() => page.getByTestId('detail-item-title').textContent()).toBe(`${original} (copy)`);
  });
});
