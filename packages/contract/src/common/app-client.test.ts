import { describe, expect, it } from 'vitest';
import { appSignInBody } from '../helpdesk/app.schema.ts';

describe('consumer sign-in body', () => {
  it('takes the device, platform and app version the app reports', () => {
    const body = appSignInBody.parse({ phone: '081234567890', password: 'Rahasia@123', device: ' iPhone 15, iOS 17.5 ', platform: 'ios', app_version: '3.7.0' });
    expect(body).toMatchObject({ device: 'iPhone 15, iOS 17.5', platform: 'ios', app_version: '3.7.0' });
  });

  it('records what it cannot take as not given, and never refuses a sign-in for it', () => {
    const odd = [
      { device: 'Pixel\u001b[2J', platform: 'windows', app_version: '3.7' },
      { device: 5, platform: 1, app_version: { major: 3 } },
      { device: '', platform: null, app_version: 'latest' },
      { device: 'x'.repeat(101), platform: 'IOS', app_version: '03.1.0' },
    ];
    for (const extra of odd) {
      const parsed = appSignInBody.safeParse({ phone: '081234567890', password: 'Rahasia@123', ...extra });
      expect(parsed.success, JSON.stringify(extra)).toBe(true);
      expect(parsed.data?.device ?? null).toBeNull();
      expect(parsed.data?.platform ?? null).toBeNull();
      expect(parsed.data?.app_version ?? null).toBeNull();
    }
    // An older app sends none of them.
    expect(appSignInBody.safeParse({ phone: '081234567890', password: 'Rahasia@123' }).success).toBe(true);
    // The body stays strict about everything else.
    expect(appSignInBody.safeParse({ phone: '081234567890', password: 'Rahasia@123', token: 'x' }).success).toBe(false);
  });
});
