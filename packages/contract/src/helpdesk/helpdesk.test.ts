import { describe, expect, it } from 'vitest';
import { appSignInBody, chatReplyBody, ticketAllows, ticketBulkCloseBody, ticketListQuery, TICKET_STATUS } from '../index.ts';

describe('help desk rules', () => {
  it('lets a ticket be answered, assigned and closed until it is Solved', () => {
    for (const status of [1, 2, 3]) for (const a of ['reply', 'assign', 'close'] as const) expect(ticketAllows(a, status)).toBe(true);
    for (const a of ['reply', 'assign', 'close'] as const) expect(ticketAllows(a, 4)).toBe(false);
    expect(TICKET_STATUS.values).toEqual([1, 2, 3, 4]);
  });

  it('takes a chat answer as a text, a template, or both, and nothing else', () => {
    expect(chatReplyBody.safeParse({ message: 'Halo' }).success).toBe(true);
    expect(chatReplyBody.safeParse({ template_id: 3 }).success).toBe(true);
    expect(chatReplyBody.safeParse({ message: 'Halo', template_id: 3 }).success).toBe(true);
    expect(chatReplyBody.safeParse({}).success).toBe(false);
    expect(chatReplyBody.safeParse({ message: '   ' }).success).toBe(false);
    expect(chatReplyBody.safeParse({ message: 'x', extra: 1 }).success).toBe(false);
  });

  it('reads the section 3 ticket filters from the URL and refuses bad ones', () => {
    const q = ticketListQuery.parse({ status: '4', category_id: '2', assign_to_user_id: '7', created_at_from: '2026-01-01', created_at_to: '2026-01-31', store_id: '3' });
    expect(q).toMatchObject({ status: 4, category_id: 2, assign_to_user_id: 7, store_id: 3, sort_by: 'created_at', sort_dir: 'desc' });
    expect(ticketListQuery.safeParse({ status: '5' }).success).toBe(false);
    expect(ticketListQuery.safeParse({ created_at_from: '2026-02-30' }).success).toBe(false);
    expect(ticketListQuery.safeParse({ unknown: '1' }).success).toBe(false);
  });

  it('closes 1 to 100 tickets at once and signs consumers in by phone and password', () => {
    expect(ticketBulkCloseBody.safeParse({ items: [] }).success).toBe(false);
    expect(ticketBulkCloseBody.safeParse({ items: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, version: 1 })) }).success).toBe(false);
    expect(appSignInBody.safeParse({ phone: '081234567890', password: 'short' }).success).toBe(false);
    expect(appSignInBody.safeParse({ phone: '081234567890', password: 'Rahasia@123' }).success).toBe(true);
  });
});
