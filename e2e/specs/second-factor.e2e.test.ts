import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { fillCredentials, signIn } from '../support/session.ts';

/** The code an authenticator app shows, `steps` periods from now (the server accepts one step either side). */
const appCode = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('authenticator app', () => {
  const portal = usePortal();

  it('is set up on the profile, shows the recovery codes once, and then signs in with its code', async () => {
    const { context, page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'cs.agent');
    await page.goto('/admin/setting/profile');
    const section = page.getByTestId('security-section');
    await section.getByTestId('security-setup-start').click();
    await page.getByTestId('security-qr').waitFor();
    const secret = ((await page.getByTestId('security-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await shot(page, 'second-factor-setup');
    await page.getByTestId('security-code').fill(appCode(secret));
    await page.getByTestId('security-enable').click();
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    expect((await codes.locator('span').allTextContents()).every((c) => /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/.test(c))).toBe(true);
    expect(await codes.locator('span').count()).toBe(10);
    await shot(page, 'second-factor-recovery-codes');
    await page.getByTestId('recovery-done').click();
    await expect.poll(() => page.getByTestId('security-codes-left').textContent()).toBe('10');

    // Signed out, the same account now asks for the app's code after the password.
    await page.getByTestId('sign-out').click();
    await page.waitForURL(/\/login/);
    await fillCredentials(page, 'cs.agent');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('otp-recovery-hint').waitFor();
    expect(await page.getByTestId('otp-use-email').isVisible()).toBe(true);
    await shot(page, 'second-factor-sign-in');
    // The step the set-up used is spent; the next one (accepted one step early) signs in.
    await page.getByTestId('otp-input').fill(appCode(secret, 1));
    await page.getByTestId('otp-submit').click();
    await page.getByText('Login Success').waitFor();
    await page.waitForURL(/\/admin\/(?!.*login)/);
    await page.getByTestId('side-menu').waitFor();
    await context.close();
  });
});
