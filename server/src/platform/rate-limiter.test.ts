import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import { addressKey, SlidingWindowLimiter } from './rate-limiter.ts';

describe('addressKey', () => {
  it('keys IPv4 as it is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:0db8:0001:0002:ffff::9'));
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey(null)).toBe('unknown');
  });
});

describe('SlidingWindowLimiter', () => {
  it('refuses past the limit within the window and allows again after it', () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const limiter = new SlidingWindowLimiter(2, 60_000, clock);
    limiter.hit('a');
    limiter.hit('a');
    expect(() => limiter.hit('a')).toThrow(/Too many attempts from this address/);
    limiter.hit('b');
    clock.advance(60_001);
    expect(() => limiter.hit('a')).not.toThrow();
  });

  it('holds a bounded number of keys however many addresses flood it', () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const limiter = new SlidingWindowLimiter(5, 3_600_000, clock);
    for (let i = 0; i < 120_000; i++) limiter.hit(`k${i}`);
    expect(limiter.size).toBeLessThanOrEqual(50_000);
    // The newest keys are kept, so a recent attacker is still counted.
    for (let i = 0; i < 4; i++) limiter.hit('k119999');
    expect(() => limiter.hit('k119999')).toThrow();
  });
});
