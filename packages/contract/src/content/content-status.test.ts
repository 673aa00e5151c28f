import { describe, expect, it } from 'vitest';
import {
  CONTENT_EXPIRED,
  CONTENT_LIVE,
  CONTENT_STATUS,
  CONTENT_UPCOMING,
  displayedContentStatus,
  jakartaDay,
  jakartaDayStart,
  nextContentChange,
  toStatusA,
} from './content-status.ts';
import { offerCreateBody, pushMessageCreateBody } from './content.schema.ts';

const start = '2026-03-01T09:00:00+07:00';
const end = '2026-03-08T09:00:00+07:00';
const at = (iso: string) => new Date(iso);

describe('content status derivation (set B over time)', () => {
  it('keeps a stored status that does not follow the clock: draft, pending, rejected, inactive', () => {
    for (const stored of [0, 1, 5, 6]) expect(displayedContentStatus(stored, start, end, at('2026-03-05T00:00:00Z'))).toBe(stored);
  });

  it('shows an approved item upcoming before its start, live from exactly its start, expired from exactly its end', () => {
    expect(displayedContentStatus(2, start, end, at('2026-03-01T01:59:59.999Z'))).toBe(CONTENT_UPCOMING);
    expect(displayedContentStatus(2, start, end, at('2026-03-01T02:00:00.000Z'))).toBe(CONTENT_LIVE);
    expect(displayedContentStatus(3, start, end, at('2026-03-08T01:59:59.999Z'))).toBe(CONTENT_LIVE);
    expect(displayedContentStatus(3, start, end, at('2026-03-08T02:00:00.000Z'))).toBe(CONTENT_EXPIRED);
    // The stored value of a published item may lag (the job has not run yet): the clock decides.
    expect(displayedContentStatus(2, start, end, at('2026-04-01T00:00:00Z'))).toBe(CONTENT_EXPIRED);
    expect(displayedContentStatus(4, start, end, at('2026-02-01T00:00:00Z'))).toBe(CONTENT_UPCOMING);
  });

  it('starts a day-long item at Jakarta midnight, seven hours before UTC midnight', () => {
    const dayStart = jakartaDayStart('2026-01-02');
    expect(dayStart.toISOString()).toBe('2026-01-01T17:00:00.000Z');
    const dayEnd = jakartaDayStart('2026-01-03');
    // 23:30 UTC on 1 January is already 06:30 on 2 January in Jakarta: live, though the UTC date is still the 1st.
    expect(displayedContentStatus(2, dayStart, dayEnd, at('2026-01-01T23:30:00Z'))).toBe(CONTENT_LIVE);
    expect(displayedContentStatus(2, dayStart, dayEnd, at('2026-01-01T16:59:59Z'))).toBe(CONTENT_UPCOMING);
    // UTC midnight of the 3rd is 07:00 in Jakarta on the 3rd: already expired.
    expect(displayedContentStatus(2, dayStart, dayEnd, at('2026-01-03T00:00:00Z'))).toBe(CONTENT_EXPIRED);
    expect(displayedContentStatus(2, dayStart, dayEnd, at('2026-01-02T16:59:59.999Z'))).toBe(CONTENT_LIVE);
    expect(jakartaDay(at('2026-01-01T17:00:00Z'))).toBe('2026-01-02');
    expect(jakartaDay(at('2026-01-01T16:59:59Z'))).toBe('2026-01-01');
  });

  it('tells when the displayed status changes next', () => {
    expect(nextContentChange(2, start, end, at('2026-02-01T00:00:00Z'))?.toISOString()).toBe('2026-03-01T02:00:00.000Z');
    expect(nextContentChange(2, start, end, at('2026-03-01T02:00:00Z'))?.toISOString()).toBe('2026-03-08T02:00:00.000Z');
    expect(nextContentChange(3, start, end, at('2026-03-08T02:00:00Z'))).toBeNull();
    expect(nextContentChange(0, start, end, at('2026-02-01T00:00:00Z'))).toBeNull();
  });

  it('maps set B to set A and labels every status', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(toStatusA)).toEqual(['draft', 'draft', 'upcoming', 'live', 'expired', 'draft', 'inactive']);
    expect(CONTENT_STATUS.label(1)).toBe('Pending Approval');
    expect(CONTENT_STATUS.get(3)?.color).toBe('green');
  });
});

describe('content bodies', () => {
  const offer = { title: 'Promo Kopi', content_type: 0, display_location: 0, start_at: start, end_at: end };

  it('accepts an offer with defaults and refuses unknown keys', () => {
    const parsed = offerCreateBody.parse(offer);
    expect(parsed).toMatchObject({ priority: 5, targeting: 2, member_scope: 0, consumer_tag_ids: [], province_codes: [] });
    expect(offerCreateBody.safeParse({ ...offer, status: 3 }).success).toBe(false);
  });

  it('checks the period, the priority and the targeting', () => {
    const issue = (body: unknown) => offerCreateBody.safeParse(body).error?.issues[0];
    expect(issue({ ...offer, end_at: start })?.path).toEqual(['end_at']);
    expect(issue({ ...offer, start_at: '2026-03-01 09:00' })?.path).toEqual(['start_at']);
    expect(issue({ ...offer, priority: 11 })?.message).toBe('Priority is 1 to 10');
    expect(issue({ ...offer, targeting: 1 })?.path).toEqual(['consumer_tag_ids']);
    expect(offerCreateBody.safeParse({ ...offer, targeting: 1, province_codes: ['31'] }).success).toBe(true);
    expect(issue({ ...offer, province_codes: ['31'] })?.message).toBe('A non-targeted item has no consumer tags or regions');
  });

  it('needs a recurrence and a send time for a recurring push message, and neither for a broadcast', () => {
    const push = { title: 'Gajian', message: 'Belanja hemat hari ini', start_at: start, end_at: end };
    expect(pushMessageCreateBody.safeParse({ ...push, message_kind: 0 }).success).toBe(true);
    expect(pushMessageCreateBody.safeParse({ ...push, message_kind: 1 }).error?.issues[0]?.path).toEqual(['recurrence']);
    expect(pushMessageCreateBody.safeParse({ ...push, message_kind: 1, recurrence: 'weekly', send_time: '09:30' }).success).toBe(true);
    expect(pushMessageCreateBody.safeParse({ ...push, message_kind: 0, recurrence: 'daily' }).success).toBe(false);
  });
});
