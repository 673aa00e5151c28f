import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { startPortal } from '../../e2e/support/server.ts';

const RUNS = 5;
const ROOT = path.resolve(import.meta.dirname, '../..');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * JavaScript as it crossed the wire, from the browser's own network events: the compressed bodies (what the budget
 * counts) and everything with the response headers.
 */
async function scriptBytes(page: Page): Promise<() => { body: number; wire: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // At responseReceived the bytes received so far are the response's headers.
  const headerBytes = new Map<string, number>();
  let body = 0;
  let wire = 0;
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') headerBytes.set(e.requestId, e.response.encodedDataLength);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const headers = headerBytes.get(e.requestId);
    if (headers === undefined) return;
    wire += e.encodedDataLength;
    body += e.encodedDataLength - headers;
  });
  return () => ({ body, wire });
}

/** The largest contentful paint of the page so far, in ms from navigation start. */
const lcpOf = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

/**
 * Runs in the page before its scripts: `window.rowsShownAt` resolves to the time (ms from navigation start) of the
 * frame that first paints a list row. Read in the page itself: the time Playwright's `waitFor` returns adds its
 * polling and the protocol's round trips (40 to 450 ms in traces here), which no user waits for.
 */
function rowsShownAt(): void {
  const w = window as unknown as { rowsShownAt: Promise<number> };
  w.rowsShownAt = new Promise<number>((resolve) => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('.resource-row')) return;
      seen.disconnect();
      requestAnimationFrame(() => resolve(performance.now()));
    });
    seen.observe(document, { subtree: true, childList: true });
  });
}

/**
 * The first screen in headless Chromium against a started portal (built web app, loopback, idle server), each of RUNS
 * times with a cold cache: the sign-in page's JavaScript as transferred and its largest contentful paint, and the
 * consumer list opened by URL until its rows show. Then the JavaScript per route of the build (`npm run budget`).
 */
export async function run(): Promise<void> {
  const portal = await startPortal();
  const browser = await launchBrowser();
  try {
    const signIn: { kb: number; wireKb: number; lcp: number }[] = [];
    const list: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1366, height: 860 } });
      const page = await context.newPage();
      const bytes = await scriptBytes(page);
      await page.goto('/login', { waitUntil: 'networkidle' });
      const js = bytes();
      signIn.push({ kb: js.body / 1024, wireKb: js.wire / 1024, lcp: await lcpOf(page) });
      await page.getByTestId('login-username').fill('admin.cms');
      await page.getByTestId('login-password').fill('Demo@12345');
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/\/admin/);
      // The list opened by its URL in a new tab once the sign-in tab is closed (as from a bookmark): the app boots,
      // checks the session and shows the rows. The closed tab's prefetching would otherwise share the CPU with it.
      await page.close();
      const tab = await context.newPage();
      await tab.addInitScript(rowsShownAt);
      await tab.goto('/admin/aphrodite/consumer', { waitUntil: 'commit' });
      await tab.locator('.resource-row').first().waitFor();
      list.push(await tab.evaluate(() => (window as unknown as { rowsShownAt: Promise<number> }).rowsShownAt));
      await context.close();
    }
    console.log(`web: ${RUNS} cold runs each, headless Chromium on loopback (median, then every run)`);
    console.log(`  sign-in JavaScript (compressed)  ${median(signIn.map((s) => s.kb)).toFixed(1)} KB   [${signIn.map((s) => s.kb.toFixed(1)).join(', ')}]   budget 250 KB`);
    console.log(`    with response headers          ${median(signIn.map((s) => s.wireKb)).toFixed(1)} KB`);
    console.log(`  sign-in largest contentful paint ${median(signIn.map((s) => s.lcp)).toFixed(0)} ms   [${signIn.map((s) => s.lcp.toFixed(0)).join(', ')}]   goal 1200 ms`);
    console.log(`  consumer list by URL, rows shown ${median(list).toFixed(0)} ms   [${list.map((t) => t.toFixed(0)).join(', ')}]   goal 1200 ms`);
  } finally {
    await browser.close();
    await portal.stop();
  }
  console.log('');
  spawnSync(process.execPath, [path.join(ROOT, 'scripts/bundle-budget.mjs')], { stdio: 'inherit' });
}
