import { describe, expect, it } from 'vitest';
import { audienceEstimateBody } from '../common/audience.schema.ts';
import { notificationOfferUpdateBody, notificationState } from './notification-offer.schema.ts';

const now = new Date('2026-03-10T00:00:00Z');
const offer = (status: number) => ({ status, start_at: '2026-03-12T00:00:00Z', end_at: '2026-03-20T00:00:00Z' });
const on = (send_mode: number, send_at: string | null = null) => ({ enabled: true, send_mode, send_at });

describe('notification offer state', () => {
  it('is Off when disabled and Not Scheduled while the offer is not published', () => {
    expect(notificationState({ ...on(1), enabled: false }, offer(2), now)).toBe(0);
    for (const status of [0, 1, 5, 6]) expect(notificationState(on(1), offer(status), now)).toBe(1);
  });
  it('is Scheduled before its moment, Due from it, Outside Period when the chosen time left the period', () => {
    expect(notificationState(on(1), offer(2), now)).toBe(2);
    expect(notificationState(on(2, '2026-03-15T02:00:00Z'), offer(2), now)).toBe(2);
    expect(notificationState(on(1), offer(3), new Date('2026-03-12T00:00:00Z'))).toBe(3);
    expect(notificationState(on(2, '2026-03-15T02:00:00Z'), offer(3), new Date('2026-03-16T00:00:00Z'))).toBe(3);
    expect(notificationState(on(2, '2026-03-20T00:00:00Z'), offer(2), now)).toBe(4);
    expect(notificationState(on(2, '2026-03-11T23:59:00Z'), offer(2), now)).toBe(4);
  });
});

describe('notification offer body', () => {
  const base = { enabled: true, title: 'Diskon susu', message: 'Diskon 20% hari ini', send_mode: 1, version: 1 };
  it('needs title and message when enabled, a time for a chosen time, none at go-live', () => {
    expect(notificationOfferUpdateBody.safeParse(base).success).toBe(true);
    expect(notificationOfferUpdateBody.safeParse({ ...base, enabled: false, title: null, message: null }).success).toBe(true);
    expect(notificationOfferUpdateBody.safeParse({ ...base, title: '' }).success).toBe(false);
    expect(notificationOfferUpdateBody.safeParse({ ...base, title: 'x'.repeat(61) }).success).toBe(false);
    expect(notificationOfferUpdateBody.safeParse({ ...base, message: 'x'.repeat(181) }).success).toBe(false);
    expect(notificationOfferUpdateBody.safeParse({ ...base, send_mode: 2 }).success).toBe(false);
    expect(notificationOfferUpdateBody.safeParse({ ...base, send_mode: 2, send_at: '2026-03-15T09:00:00+07:00' }).success).toBe(true);
    expect(notificationOfferUpdateBody.safeParse({ ...base, send_at: '2026-03-15T09:00:00+07:00' }).success).toBe(false);
  });
});

describe('audience estimate body', () => {
  it('follows the targeting rules', () => {
    expect(audienceEstimateBody.safeParse({}).success).toBe(true);
    expect(audienceEstimateBody.safeParse({ targeting: 1 }).success).toBe(false);
    expect(audienceEstimateBody.safeParse({ targeting: 1, province_codes: ['31'] }).success).toBe(true);
    expect(audienceEstimateBody.safeParse({ targeting: 2, consumer_tag_ids: [1] }).success).toBe(false);
    expect(audienceEstimateBody.safeParse({ member_scope: 3 }).success).toBe(false);
  });
});
