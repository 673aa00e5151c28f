import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from '../support/api.ts';
import { newPage, shot } from '../support/browser.ts';
import { pick, dayText } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { DEMO_PASSWORD, signIn } from '../support/session.ts';

// The consumers seed numbers its i-th consumer 628 + a prefix + (i·7919 mod 10^8); the help-desk seed gives the first
// five the demo password.
const PREFIXES = ['12', '13', '21', '52', '57', '77', '78', '95', '96', '81'];
const demoPhone = (i: number) => `628${PREFIXES[i % 10]}${String((i * 7919) % 100_000_000).padStart(8, '0')}`;


/** Chooses an option of a list filter (its select, by test id), typing `typed` first to search. */
async function pickFilter(page: Page, key: string, optionText: string, typed?: string): Promise<void> {
  await page.getByTestId(`filter-${key}`).click();
  if (typed) await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: optionText }).first().click();
}

async function typeDay(page: Page, selector: string, text: string): Promise<void> {
  const input = page.locator(selector);
  await input.click();
  await input.fill(text);
  // Tab, not Enter: Enter in a text field submits the form (in a date picker it only confirms the date).
  await page.keyboard.press('Tab');
}

describe('digital stamps', () => {
  const portal = usePortal();
  const call = <T>(method: string, path: string, token?: string, body?: unknown) => apiCall<T>(portal.server.url, method, path, token, body);

  it('admin.cms creates a programme and a reward; a consumer earns by a transaction, the balance rises, the consumer redeems and the coupon shows', { timeout: 180_000 }, async () => {
    const name = `Stempel Uji E2E ${Date.now()}`;
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');

    // The programme: one stamp for each whole Rp50.000, from yesterday for a month.
    await page.goto('/admin/aphrodite/stamp/create');
    await page.getByTestId('resource-form').waitFor();
    await page.getByTestId('field-name').fill(name);
    await pick(page, '#stamp-programme_seasonality', 'Regular');
    await typeDay(page, '#stamp-programme_start_date', dayText(-1));
    await typeDay(page, '#stamp-programme_end_date', dayText(30));
    await pick(page, '#stamp-programme_reward_type', 'Minimal Total Transaction');
    await page.getByTestId('field-min_transaction').fill('50000');
    await page.getByTestId('field-stamps_per_multiple').fill('1');
    await shot(page, 'stamp-programme-create');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/stamp-programmes') && r.request().method() === 'POST');
    await page.getByTestId('form-submit').click();
    expect((await created).status()).toBe(200);
    // A created record opens its list.
    await page.getByTestId('resource-table').getByText(name).first().waitFor();

    // The reward: 3 of its stamps, 5 in stock.
    const rewardName = `Hadiah Uji ${Date.now()}`;
    await page.goto('/admin/aphrodite/reward/create');
    await page.getByTestId('resource-form').waitFor();
    await page.getByTestId('field-name').fill(rewardName);
    await pick(page, '#stamp-reward_programme_id', name, name.slice(0, 16));
    await page.getByTestId('field-stamps_required').fill('3');
    await page.getByTestId('field-stock').fill('5');
    // Every field is filled when the last date is confirmed with Enter: that confirms the date and saves nothing.
    const rewardPosts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/stamp-rewards') && r.method() === 'POST') rewardPosts.push(r.url());
    });
    await typeDay(page, '#stamp-reward_start_date', dayText(-1));
    await page.locator('#stamp-reward_end_date').click();
    await page.locator('#stamp-reward_end_date').fill(dayText(30));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.locator('#stamp-reward_end_date').inputValue()).not.toBe('');
    expect(rewardPosts).toEqual([]);
    const rewardSaved = page.waitForResponse((r) => r.url().endsWith('/api/v1/stamp-rewards') && r.request().method() === 'POST');
    await page.getByTestId('form-submit').click();
    const rewardRes = await rewardSaved;
    expect(rewardRes.status()).toBe(200);
    expect(rewardPosts).toHaveLength(1);
    const reward = ((await rewardRes.json()) as { data: { id: number } }).data;
    await page.getByTestId('resource-table').getByText(rewardName).first().waitFor();

    // A demo consumer's transaction of Rp160.000 through the consumer API earns 3 stamps of the new programme.
    let consumer: { token: string; consumer_id: number } | undefined;
    for (let i = 1; i <= 5 && !consumer; i++) {
      consumer = await call<{ token: string; consumer_id: number }>('POST', '/api/v1/app/auth/sign-in', undefined, { phone: demoPhone(i), password: DEMO_PASSWORD }).catch(() => undefined);
    }
    if (!consumer) throw new Error('no demo consumer could sign in');
    const before = (await call<{ balance: number }>('GET', '/api/v1/app/stamps', consumer.token)).balance;
    await page.goto(`/admin/aphrodite/consumer/${consumer.consumer_id}/detail`);
    await page.getByTestId('detail-view').waitFor();
    await page.getByTestId('consumer-tabs').getByRole('tab', { name: 'Stamp History' }).click();

    const earned = await call<{ earned: { programme_name: string; quantity: number }[]; balance: number }>('POST', '/api/v1/app/transactions', consumer.token, {
      transaction_id: `E2E-${Date.now()}`,
      channel: 1,
      total: 160_000,
      items: [{ plu: 'E2E-1', quantity: 1, price: 160_000 }],
      at: new Date().toISOString(),
    });
    expect(earned.earned).toContainEqual(expect.objectContaining({ programme_name: name, quantity: 3 }));

    // The consumer detail shows the balance risen, and the movement in the stamp history.
    await page.reload();
    await page.getByTestId('detail-view').getByText(String(earned.balance), { exact: true }).first().waitFor();
    expect(earned.balance).toBeGreaterThan(before);
    await shot(page, 'stamp-consumer-balance');

    // The consumer redeems the reward; the coupon shows in the coupon history.
    const coupon = await call<{ coupon_code: string }>('POST', `/api/v1/app/stamp-rewards/${reward.id}/redeem`, consumer.token);
    await page.reload();
    await page.getByTestId('consumer-tabs').getByRole('tab', { name: 'Coupon History' }).click();
    await page.getByTestId('consumer-coupons').getByText(coupon.coupon_code).waitFor();
    await shot(page, 'stamp-coupon-history');
    const stock = await call<{ stock: number }>('GET', `/api/v1/stamp-rewards/${reward.id}`, (await call<{ token: string }>('POST', '/api/v1/auth/sign-in', undefined, { username: 'admin.cms', password: DEMO_PASSWORD })).token);
    expect(stock.stock).toBe(4);
  });

  it('admin.cms opens the stamp report, filters it to the transactions sent, sees the rows and totals, exports it, and opens a stamp coupon', { timeout: 180_000 }, async () => {
    const admin = (await call<{ token: string }>('POST', '/api/v1/auth/sign-in', undefined, { username: 'admin.cms', password: DEMO_PASSWORD })).token;
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const name = `Laporan Uji E2E ${Date.now()}`;
    const programme = await call<{ id: number }>('POST', '/api/v1/stamp-programmes', admin, {
      name,
      start_date: today,
      end_date: today,
      seasonality: 'regular',
      reward_type: 1,
      min_transaction: 10_000,
      stamps_per_multiple: 1,
    });
    const reward = await call<{ id: number }>('POST', '/api/v1/stamp-rewards', admin, { programme_id: programme.id, name: `Hadiah ${name}`, stamps_required: 2, stock: 3, start_date: today, end_date: today });
    const stores = await call<{ data: { code: string; name: string }[] }>('GET', '/api/v1/stores?limit=2&sort_by=code&sort_dir=asc', admin);
    const [first, second] = stores.data;
    if (!first || !second) throw new Error('the demo has fewer than two stores');
    let consumer: { token: string; consumer_id: number } | undefined;
    for (let i = 1; i <= 5 && !consumer; i++) {
      consumer = await call<{ token: string; consumer_id: number }>('POST', '/api/v1/app/auth/sign-in', undefined, { phone: demoPhone(i), password: DEMO_PASSWORD }).catch(() => undefined);
    }
    if (!consumer) throw new Error('no demo consumer could sign in');
    // Through the consumer API: 7 stamps at the first store (5 + 2), 3 at the second; then a redemption of 2.
    const sale = (total: number, store: string) => ({ transaction_id: `E2E-RPT-${Date.now()}-${total}`, channel: 1, total, items: [], store_code: store, at: new Date().toISOString() });
    for (const [total, store] of [[50_000, first.code], [20_000, first.code], [30_000, second.code]] as const) await call('POST', '/api/v1/app/transactions', consumer.token, sale(total, store));
    const coupon = await call<{ coupon_id: number; coupon_code: string }>('POST', `/api/v1/app/stamp-rewards/${reward.id}/redeem`, consumer.token);

    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.goto('/admin/aphrodite/report');
    await page.getByTestId('resource-table').waitFor();
    await page.getByTestId('stamp-report-range').getByText(`01/${dayText(0).slice(3)} – ${dayText(0)}`).waitFor();
    // The person filters: this programme, Stamp In.
    await pickFilter(page, 'programme_id', name, name.slice(0, 18));
    await pickFilter(page, 'movement', 'Stamp In');
    await expect.poll(() => page.locator('.resource-row').count()).toBe(2);
    const rows = page.locator('.resource-row');
    await rows.filter({ hasText: first.name }).getByText('7', { exact: true }).first().waitFor();
    await rows.filter({ hasText: second.name }).getByText('3', { exact: true }).first().waitFor();
    const totals = page.getByTestId('stamp-report-totals');
    await totals.getByText('10', { exact: true }).first().waitFor();
    await shot(page, 'stamp-report');
    // Stamp Out: the redemption, at no store.
    await pickFilter(page, 'movement', 'Stamp Out');
    await expect.poll(() => page.locator('.resource-row').count()).toBe(1);
    await totals.getByText('2', { exact: true }).first().waitFor();

    // The export carries the filters: the Stamp Out row of this programme.
    await page.getByTestId('export-button').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Export-stamp_report_\d{8}_\d{6}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(name);
    expect(lines[1]).toContain(today);

    // The redemption's coupon: from the consumer's coupon history to the stamp coupon detail.
    await page.goto(`/admin/aphrodite/consumer/coupon-history/${consumer.consumer_id}/detail?coupon=${coupon.coupon_id}`);
    await page.getByTestId('consumer-coupon-detail').waitFor();
    await page.getByTestId('consumer-coupon-stamp-coupon').click();
    await page.waitForURL(`**/admin/aphrodite/coupon/${coupon.coupon_id}/detail`);
    const detail = page.getByTestId('detail-view');
    await detail.getByText(coupon.coupon_code).first().waitFor();
    await detail.getByText(`Hadiah ${name}`).first().waitFor();
    await detail.getByText(name, { exact: true }).first().waitFor();
    await shot(page, 'stamp-coupon-detail');
  });
});
