import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from '../support/session.ts';
import { latestMail, newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { apiCall } from '../support/api.ts';

// The consumers seed numbers its i-th consumer 628 + a prefix + (i·7919 mod 10^8); the help-desk seed gives the first
// five the demo password (as `npm run simulate:consumers` uses them).
const PREFIXES = ['12', '13', '21', '52', '57', '77', '78', '95', '96', '81'];
const demoPhone = (i: number) => `628${PREFIXES[i % 10]}${String((i * 7919) % 100_000_000).padStart(8, '0')}`;

describe('live chat between a consumer (consumer API) and an agent (portal)', () => {
  const portal = usePortal();

  const call = <T>(method: string, path: string, token?: string, body?: unknown) => apiCall<T>(portal.server.url, method, path, token, body);

  it('the badge rises for cs.agent without a reload when a consumer writes, the agent answers with a template, the consumer receives it, and the badge falls', { timeout: 120_000 }, async () => {
    // A demo consumer signs in to the app's API; its chat starts Read, so its next message raises the count by one.
    let consumer: { token: string; name: string } | undefined;
    for (let i = 1; i <= 5 && !consumer; i++) {
      consumer = await call<{ token: string; name: string }>('POST', '/api/v1/app/auth/sign-in', undefined, { phone: demoPhone(i), password: DEMO_PASSWORD }).catch(() => undefined);
    }
    if (!consumer) throw new Error('no demo consumer could sign in');
    const chat = await call<{ id: number }>('POST', '/api/v1/app/chat', consumer.token);
    const staff = await call<{ token: string }>('POST', '/api/v1/auth/sign-in', undefined, { username: 'cs.agent', password: DEMO_PASSWORD });
    await call('POST', `/api/v1/chats/${chat.id}/read`, staff.token);
    const before = (await call<{ unread: number }>('GET', '/api/v1/chats/unread', staff.token)).unread;

    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'cs.agent');
    await page.goto('/admin/aphrodite/chatlive');
    await page.getByTestId('resource-table').waitFor();
    const badge = page.getByTestId('chat-unread-badge');
    const count = async () => Number(await badge.getAttribute('data-count'));
    await expect.poll(count, { timeout: 10_000 }).toBe(before);
    // A reload would lose this mark.
    await page.evaluate(() => Object.assign(window, { __noReload: true }));

    const line = `Halo, pesanan saya belum sampai (${Date.now()})`;
    await call('POST', '/api/v1/app/chat/messages', consumer.token, { message: line });
    await expect.poll(count, { timeout: 10_000 }).toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // The list refreshed live too; the agent opens the chat, which marks it Read, and the badge falls.
    const row = page.getByTestId('resource-table').getByText(line);
    await row.waitFor({ timeout: 10_000 });
    await page.getByTestId('resource-table').locator('tr', { hasText: line }).getByRole('link').first().click();
    await page.getByTestId('chat-messages').getByText(line).waitFor();
    await expect.poll(count, { timeout: 10_000 }).toBe(before);

    // Answer with a message template: it fills the box, the agent sends it.
    await page.getByTestId('chat-template').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Salam pembuka' }).click();
    const text = page.getByTestId('chat-text');
    await expect.poll(() => text.inputValue()).toContain('terima kasih sudah menghubungi kami');
    const templateText = await text.inputValue();
    const sent = page.waitForResponse((r) => r.url().endsWith(`/api/v1/chats/${chat.id}/reply`));
    await page.getByTestId('chat-send').click();
    expect((await sent).status()).toBe(200);
    await page.getByTestId('chat-messages').locator('[data-sender="agent"]').filter({ hasText: templateText }).last().waitFor();
    await shot(page, 'chat-answered');

    // The consumer reads the answer through the consumer API.
    const messages = await call<{ sender: number; body: string; template_id: number | null; user_name: string | null }[]>('GET', '/api/v1/app/chat/messages?after_id=0', consumer.token);
    const last = messages[messages.length - 1];
    expect(last).toMatchObject({ sender: 2, body: templateText, user_name: 'Dewi Lestari' });
    expect(last?.template_id).not.toBeNull();
    expect(await count()).toBe(before);
  });

  it('an agent answers, assigns, closes and shares by e-mail a ticket the consumer created in the app, and closes others in bulk from the list', { timeout: 120_000 }, async () => {
    let consumer: { token: string } | undefined;
    for (let i = 1; i <= 5 && !consumer; i++) {
      consumer = await call<{ token: string }>('POST', '/api/v1/app/auth/sign-in', undefined, { phone: demoPhone(i), password: DEMO_PASSWORD }).catch(() => undefined);
    }
    if (!consumer) throw new Error('no demo consumer could sign in');
    const staff = await call<{ token: string }>('POST', '/api/v1/auth/sign-in', undefined, { username: 'cs.agent', password: DEMO_PASSWORD });
    const category = (await call<{ id: number }[]>('GET', '/api/v1/tickets/category-options', staff.token))[0]!;
    const stamp = Date.now();
    const open = async (subject: string) => call<{ id: number }>('POST', '/api/v1/app/tickets', consumer.token, { category_id: category.id, subject, message: 'Mohon dibantu' });
    const ticket = await open(`Poin hilang ${stamp}`);
    const bulkA = await open(`Massal A ${stamp}`);
    const bulkB = await open(`Massal B ${stamp}`);

    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'cs.agent');
    await page.goto(`/admin/aphrodite/help-center/${ticket.id}/detail`);
    await page.getByTestId('ticket-conversation').waitFor();
    await expect.poll(() => page.getByTestId('detail-item-status').textContent(), { timeout: 10_000 }).toBe('Read');

    await page.getByTestId('ticket-reply-text').fill('Sedang kami cek, mohon ditunggu.');
    await page.getByTestId('ticket-reply-send').click();
    await page.getByTestId('ticket-conversation').locator('[data-sender="agent"]').filter({ hasText: 'Sedang kami cek' }).waitFor();
    await expect.poll(() => page.getByTestId('detail-item-status').textContent()).toBe('Unsolved');

    await page.getByTestId('ticket-assignee').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'cs.agent' }).click();
    await page.getByTestId('ticket-assign').click();
    await expect.poll(() => page.getByTestId('detail-item-assignee_name').textContent()).toBe('Dewi Lestari');

    await page.getByTestId('ticket-close').click();
    await page.getByTestId('ticket-close-confirm').click();
    await expect.poll(() => page.getByTestId('detail-item-status').textContent()).toBe('Solved');
    await expect.poll(() => page.getByTestId('ticket-close').count()).toBe(0);

    await page.getByTestId('ticket-share').click();
    await page.getByTestId('ticket-share-email').fill('toko.e2e@demo.local');
    await page.getByTestId('ticket-share-note').fill('Mohon dicek.');
    await page.getByTestId('ticket-share-send').click();
    await expect.poll(() => latestMail(portal.server.url, 'toko.e2e@demo.local', `Ticket #${ticket.id}`).then((m) => m.text).catch(() => ''), { timeout: 10_000 }).toContain('Mohon dicek.');

    await page.goto(`/admin/aphrodite/help-center?search=${stamp}`);
    await page.getByTestId(`resource-row-${bulkA.id}`).waitFor();
    await page.getByTestId(`resource-row-${bulkA.id}`).locator('input[type=checkbox]').check();
    await page.getByTestId(`resource-row-${bulkB.id}`).locator('input[type=checkbox]').check();
    const closed = page.waitForResponse((r) => r.url().endsWith('/api/v1/tickets/bulk/close'));
    await page.getByTestId('bulk-close').click();
    await page.getByTestId('bulk-close-confirm').click();
    expect((await closed).status()).toBe(200);
    for (const id of [bulkA.id, bulkB.id]) {
      await expect.poll(async () => (await call<{ status: number }>('GET', `/api/v1/tickets/${id}`, staff.token)).status).toBe(4);
    }
    await expect.poll(() => page.getByTestId(`resource-row-${bulkA.id}`).textContent()).toContain('Solved');
    await shot(page, 'tickets-bulk-closed');

    // The one-customer view lists the consumer's tickets, and a ticket opens from there.
    const { consumer_id } = await call<{ consumer_id: number }>('GET', `/api/v1/tickets/${ticket.id}`, staff.token);
    await page.goto(`/admin/aphrodite/consumer/${consumer_id}/detail`);
    await page.getByTestId('consumer-tabs').getByRole('tab', { name: 'Tickets' }).click();
    const tickets = page.getByTestId('consumer-tickets');
    await tickets.getByText(`Poin hilang ${stamp}`).waitFor();
    await tickets.locator('tr', { hasText: `Poin hilang ${stamp}` }).getByTestId('consumer-ticket-open').click();
    await page.waitForURL(new RegExp(`/help-center/${ticket.id}/detail`));
  });
});
