import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

/**
 * Chromium's own omnibox pages, which a headless browser never shows: since about version 150 the full browser builds
 * its omnibox popup and AI-mode compose box as web pages in a renderer of their own, about 1 s of CPU beside every
 * page opened, half of what the app itself takes on this 2-core machine.
 */
const BROWSER_UI_FEATURES = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup', 'OmniboxEverywhereComposebox'];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--disable-features=${BROWSER_UI_FEATURES.join(',')}`,
    ],
  });
}

/** A page in a fresh context (`options` adds to the usual ones: `bypassCSP` lets an audit inject its script). */
export async function newPage(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 860 }, locale: 'en-GB', timezoneId: 'Asia/Jakarta', reducedMotion: 'reduce', ...options });
  const page = await context.newPage();
  return { context, page };
}

/** Keeps a screenshot of the page as it is, named for the test (kept on failure, and for the README). */
export async function shot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

export interface MailItem {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to an address from the development outbox. */
export async function latestMail(baseURL: string, to: string, subjectPart: string): Promise<MailItem> {
  const res = await fetch(`${baseURL}/api/v1/dev/mailbox`);
  const box = (await res.json()) as { data: MailItem[] };
  const mail = box.data.find((m) => m.to === to && m.subject.includes(subjectPart));
  if (!mail) throw new Error(`no mail "${subjectPart}" to ${to}`);
  return mail;
}

/**
 * The element's box once it has stopped moving (a drawer or modal slides in first); a box read mid-animation sends
 * the mouse beside the element on a loaded machine.
 */
export async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  for (let i = 0; i < 100; i++) {
    const box = await locator.boundingBox();
    const now = JSON.stringify(box);
    if (box && now === last) return box;
    last = now;
    await locator.page().waitForTimeout(50);
  }
  throw new Error('element kept moving');
}
