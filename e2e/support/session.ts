import type { Page } from 'playwright-core';
import { latestMail, shot } from './browser.ts';

export const DEMO_PASSWORD = 'Demo@12345';

export async function fillCredentials(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
}

/** Signs an ordinary user in through the form and waits for the admin shell. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await fillCredentials(page, username, password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/admin\//);
}

/** The code of the newest verification mail to an address, read from the development outbox. */
export async function mailedCode(baseURL: string, email: string): Promise<string> {
  const mail = await latestMail(baseURL, email, 'verification code');
  const code = mail.text.match(/code is (\d{6})/)?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

/** The menu entries the sidebar offers (their registry keys), every group opened. */
export async function menuEntries(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await menu.waitFor();
  // Groups nest (area, then group): open closed ones until none is left.
  for (let pass = 0; pass < 10; pass++) {
    const closed = menu.locator('.ant-menu-submenu-inline:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  const keys = await menu.locator('[data-menu-entry]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-entry') ?? ''));
  return [...new Set(keys)].sort();
}

/** Signs the Super Admin in through the form and the e-mailed code, and waits for the admin shell. */
export async function signInSuperAdmin(page: Page, baseURL: string): Promise<void> {
  await page.goto('/login');
  await fillCredentials(page, 'superadmin');
  await page.getByTestId('login-submit').click();
  try {
    await page.getByText('Verification has been sent to your email').waitFor();
  } catch (err) {
    await shot(page, 'sign-in-super-admin-failed');
    throw err;
  }
  await page.getByTestId('otp-modal-ok').click();
  const code = await mailedCode(baseURL, 'superadmin@demo.local');
  await page.getByTestId('otp-input').fill(code);
  await page.getByTestId('otp-submit').click();
  await page.waitForURL(/\/admin\//);
}

/**
 * Passes the step-up dialog (opened by a change that needs a recent second factor) with a code e-mailed to the user;
 * the change then runs again by itself.
 */
export async function passStepUp(page: Page, baseURL: string, email: string): Promise<void> {
  await page.getByTestId('step-up-code').waitFor();
  await page.getByTestId('step-up-email').click();
  await page.getByText('A code has been sent to your e-mail.').waitFor();
  await page.getByTestId('step-up-code').fill(await mailedCode(baseURL, email));
  await page.getByTestId('step-up-confirm').click();
}
