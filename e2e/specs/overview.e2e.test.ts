import { describe, expect, it } from 'vitest';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { signIn } from '../support/session.ts';

const ALL_TILES = ['tickets', 'chats', 'approvals', 'imports', 'exports', 'sign-ins'];

describe('main page overview', () => {
  const portal = usePortal();

  it('shows the CMS admin every tile with its number, and a tile’s link opens its list from the keyboard', async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.goto('/admin/main-page');
    await page.getByTestId('overview').waitFor();
    for (const id of ALL_TILES) await page.getByTestId(`overview-${id}`).waitFor();
    // Counts in the portal's number format (dot thousands), from the server's answer.
    const answer = await page.request.get('/api/v1/overview');
    const overview = (await answer.json()) as { data: { tickets: { open: { value: number } }; sign_ins: { last_day: { value: number } } } };
    expect(await page.getByTestId('overview-tickets-count').textContent()).toBe(new Intl.NumberFormat('id-ID').format(overview.data.tickets.open.value));
    expect(overview.data.sign_ins.last_day.value).toBeGreaterThan(0);
    await page.getByTestId('overview-sign-ins-recent').getByText('Budi Santoso').first().waitFor();
    await shot(page, 'overview-admin-en');

    await page.getByTestId('overview-tickets-link').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/aphrodite/help-center');
    await page.locator('.resource-row').first().waitFor();

    // The unread count opens the list filtered to Unread.
    await page.goBack();
    await page.getByTestId('overview-tickets-unread').click();
    await page.waitForURL((url) => url.pathname === '/admin/aphrodite/help-center' && url.searchParams.get('status') === '1');

    // In Indonesian.
    await page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await page.goto('/admin/main-page');
    await page.getByText('Ringkasan', { exact: true }).waitFor();
    await page.getByTestId('overview-tickets').getByText('Tiket terbuka').waitFor();
    await shot(page, 'overview-admin-id');
  });

  it('leaves out the tiles of lists the role may not view', async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'cs.agent');
    await page.goto('/admin/main-page');
    await page.getByTestId('overview').waitFor();
    const shown = await page.locator('[data-testid="overview"] [data-testid^="overview-"][data-testid$="-count"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(shown).toEqual(['overview-tickets-count', 'overview-chats-count', 'overview-imports-count']);
    await page.getByTestId('overview-chats-link').click();
    await page.waitForURL((url) => url.pathname === '/admin/aphrodite/chatlive' && url.searchParams.get('status') === '1');
    await page.locator('.resource-row').first().waitFor();
    await shot(page, 'overview-cs-chats');
  });
});
