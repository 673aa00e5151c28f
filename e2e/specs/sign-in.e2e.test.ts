import { describe, expect, it } from 'vitest';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { DEMO_PASSWORD, fillCredentials, mailedCode, signIn } from '../support/session.ts';

describe('signing in', () => {
  const portal = usePortal();

  it('Super Admin signs in with the code read from the outbox', async () => {
    const { context, page } = await newPage(portal.browser, portal.server.url);
    await page.goto('/login');
    const submit = page.getByTestId('login-submit');
    await page.getByTestId('login-username').fill('superadmin');
    await page.getByTestId('login-password').fill('short');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await page.locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
    await shot(page, 'sign-in');
    await submit.click();
    await page.getByText('Verification has been sent to your email').waitFor();
    await page.getByText("If you don't receive the email, be sure to check your spam folder.").waitFor();
    await page.getByTestId('otp-modal-ok').click();
    await page.getByTestId('otp-countdown').waitFor();
    expect(await page.getByTestId('otp-countdown').textContent()).toMatch(/0?[45]:\d\d/);
    const code = await mailedCode(portal.server.url, 'superadmin@demo.local');
    const input = page.getByTestId('otp-input');
    await input.fill(`${code.slice(0, 3)}-${code.slice(3)}x`);
    await input.blur();
    await expect.poll(() => input.inputValue()).toBe(code);
    await expect.poll(() => page.getByTestId('otp-submit').isEnabled()).toBe(true);
    await page.locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
    await page.locator('.ant-input-status-error').waitFor({ state: 'detached' });
    await shot(page, 'code-step');
    await input.press('Enter');
    await page.getByText('Login Success').waitFor();
    await page.waitForURL(/\/admin\/(?!.*login)/);
    await page.getByTestId('side-menu').waitFor();
    await context.close();
  });

  it('an ordinary user is sent to sign-in and back to the page they asked for', async () => {
    const { context, page } = await newPage(portal.browser, portal.server.url);
    await page.goto('/admin/aphrodite/log-history');
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain('redirect=/admin/aphrodite/log-history');
    await fillCredentials(page, 'admin.cms');
    // The code of the menu's other screens arrives while the browser is idle, before any click on them.
    const prefetched = page.waitForResponse((r) => /\/assets\/content\.screens-[\w-]+\.js$/.test(r.url()));
    await page.getByTestId('login-submit').click();
    await page.getByText('Login Success').waitFor();
    await page.waitForURL(/\/admin\/aphrodite\/log-history/);
    await page.getByTestId('resource-table').waitFor();
    expect((await prefetched).ok()).toBe(true);
    // A signed-in user opening /login goes to /admin.
    await page.goto('/login');
    await page.waitForURL(/\/admin\//);
    await context.close();
  });

  it('locks the account after 5 wrong passwords', async () => {
    const { context, page } = await newPage(portal.browser, portal.server.url);
    await page.goto('/login');
    const attempt = async (password: string) => {
      await fillCredentials(page, 'viewer', password);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/sign-in'));
      await page.getByTestId('login-submit').click();
      return (await answer).status();
    };
    for (let i = 1; i <= 4; i++) expect(await attempt(`Wrong@000${i}`)).toBe(401);
    await page.getByText('Invalid username or password').first().waitFor();
    expect(await attempt('Wrong@0005')).toBe(429);
    await page.getByText(/locked/).first().waitFor();
    // Even the right password is refused while locked.
    expect(await attempt(DEMO_PASSWORD)).toBe(429);
    expect(page.url()).toContain('/login');
    await context.close();
  });

  it('a role with no permissions lands on the inactive-role page', async () => {
    const { context, page } = await newPage(portal.browser, portal.server.url);
    await page.goto('/login');
    await fillCredentials(page, 'no.access');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/admin\/dashboard\/role\/inactive/);
    await page.getByTestId('role-inactive').waitFor();
    await context.close();
  });

  it('a path outside the role menu shows the unauthorized page', async () => {
    const { context, page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'cs.agent');
    await page.goto('/admin/aphrodite/role');
    await page.getByTestId('unauthorized').waitFor();
    expect(await page.getByTestId('resource-table').count()).toBe(0);
    await context.close();
  });

  it('signs out with a toast and ends the session', async () => {
    const { context, page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.getByTestId('sign-out').click();
    await page.getByText('Logout Success').waitFor();
    await page.waitForURL(/\/login/);
    await page.goto('/admin/aphrodite/user');
    await page.waitForURL(/\/login\?redirect=/);
    await context.close();
  });
});
