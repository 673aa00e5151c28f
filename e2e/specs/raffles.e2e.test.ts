import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { newPage, shot } from '../support/browser.ts';
import { jakartaText, typeDate } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { DEMO_PASSWORD, signIn } from '../support/session.ts';

// The consumers seed numbers its i-th consumer 628 + a prefix + (i·7919 mod 10^8); the first five are demo app consumers.
const PREFIXES = ['12', '13', '21', '52', '57', '77', '78', '95', '96', '81'];
const demoPhone = (i: number) => `628${PREFIXES[i % 10]}${String((i * 7919) % 100_000_000).padStart(8, '0')}`;
const MINUTE = 60_000;

describe('raffles', () => {
  const portal = usePortal();

  it(
    'admin.cms creates a raffle; demo consumers earn coupons through the consumer API; after the period the draw picks the winners and reveals the seed; the entries export',
    { timeout: 300_000 },
    async () => {
      const name = 'Undian Uji E2E';
      const { page } = await newPage(portal.browser, portal.server.url);
      await signIn(page, 'admin.cms');
      await page.goto('/admin/aphrodite/raffle/create');
      await page.getByTestId('resource-form').waitFor();
      await page.getByTestId('field-name').fill(name);
      await page.getByTestId('raffle-prize-add').click();
      await page.getByTestId('raffle-prize-name-0').fill('Sepeda Lipat');
      await page.getByTestId('raffle-prize-add').click();
      await page.getByTestId('raffle-prize-name-1').fill('Voucher Belanja');
      await page.getByTestId('raffle-prize-quantity-1').fill('2');
      await page.getByTestId('raffle-winners-total').getByText('3 winners in all').waitFor();
      // Entries close in 45 s (the pickers take seconds), time for the entries below; the draw a minute later.
      const entryEnd = Date.now() + 45_000;
      await typeDate(page, '#raffle_entry_start', jakartaText(Date.now() - 10 * MINUTE));
      await typeDate(page, '#raffle_entry_end', jakartaText(entryEnd));
      await typeDate(page, '#raffle_draw_at', jakartaText(entryEnd + MINUTE));
      await page.getByTestId('field-max_entries_per_consumer').fill('5');
      await page.getByTestId('field-spend_per_entry').fill('100000');
      await page.getByTestId('field-app_entry').click();
      await page.getByTestId('audience-estimate').waitFor();
      await shot(page, 'raffle-create');

      const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/raffles') && r.request().method() === 'POST');
      await page.getByTestId('form-submit').click();
      const created = await saved;
      expect(created.status(), await created.text()).toBe(200);
      const raffle = ((await created.json()) as { data: { id: number; commitment: string } }).data;
      expect(raffle.commitment).toMatch(/^[0-9a-f]{64}$/);
      await page.locator('.resource-row').filter({ hasText: name }).first().waitFor();

      // Three demo consumers shop through the consumer API (2 coupons for Rp 250.000) and enter once from the app.
      for (const i of [1, 2, 3]) {
        const session = await apiCall<{ token: string }>(portal.server.url, 'POST', '/api/v1/app/auth/sign-in', undefined, { phone: demoPhone(i), password: DEMO_PASSWORD });
        const sale = { transaction_id: `E2E-RAFFLE-${raffle.id}-${i}`, channel: 1, total: 250_000, items: [], at: new Date().toISOString() };
        const earned = await apiCall<{ raffle_entries: { raffle_id: number; coupons: number }[] }>(portal.server.url, 'POST', '/api/v1/app/transactions', session.token, sale);
        expect(earned.raffle_entries).toContainEqual(expect.objectContaining({ raffle_id: raffle.id, coupons: 2 }));
        await apiCall(portal.server.url, 'POST', `/api/v1/app/raffles/${raffle.id}/enter`, session.token);
        const open = await apiCall<{ id: number; your_entries: number }[]>(portal.server.url, 'GET', '/api/v1/app/raffles', session.token);
        expect(open.find((r) => r.id === raffle.id)?.your_entries).toBe(3);
      }

      // The detail counts the entries; the commitment is shown, the seed kept back, the draw not offered yet.
      await page.goto(`/admin/aphrodite/raffle/${raffle.id}/detail`);
      await page.getByTestId('detail-view').waitFor();
      await page.getByTestId('raffle-commitment').getByText(raffle.commitment).waitFor();
      await page.getByTestId('raffle-seed-hidden').waitFor();
      expect(await page.getByTestId('raffle-draw-button').isDisabled()).toBe(true);
      await shot(page, 'raffle-detail-open');

      // After the entry end: draw, see the winners and the revealed seed, which the commitment promised.
      await new Promise((r) => setTimeout(r, Math.max(0, entryEnd - Date.now() + 1500)));
      await page.reload();
      await page.getByTestId('raffle-draw-button').click();
      await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
      const seed = /[0-9a-f]{64}/.exec((await page.getByTestId('raffle-seed').textContent({ timeout: 20_000 })) ?? '')?.[0] ?? '';
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      expect(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex')).toBe(raffle.commitment);
      const winners = page.getByTestId('raffle-winners').locator('tbody tr');
      await expect.poll(() => winners.count()).toBe(3);
      await page.getByTestId('raffle-verify').waitFor();
      const codes = (await page.getByTestId('raffle-winners').locator('code').allTextContents()).map((c) => c.trim());
      expect(codes).toHaveLength(3);
      await shot(page, 'raffle-detail-drawn');

      // The file of entries and winners.
      await page.getByTestId('export-button').click();
      const downloading = page.waitForEvent('download');
      await page.getByTestId('export-csv').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^Export-raffle_\d{8}_\d{6}\.csv$/);
      const lines = fs.readFileSync((await download.path())!, 'utf8').slice(1).trim().split('\r\n');
      expect(lines).toHaveLength(1 + 9);
      for (const code of codes) expect(lines.some((l) => l.includes(code) && (l.includes('Sepeda Lipat') || l.includes('Voucher Belanja')))).toBe(true);
    },
  );
});
