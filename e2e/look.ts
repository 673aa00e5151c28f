// Ad-hoc visual check (not a test): node --import tsx e2e/look.ts <baseURL> <path>...
import { launchBrowser, newPage } from './support/browser.ts';
import { signInSuperAdmin } from './support/session.ts';
const [base, ...paths] = process.argv.slice(2);
const browser = await launchBrowser();
const { page } = await newPage(browser, base!);
await signInSuperAdmin(page, base!);
for (const p of paths) {
  await page.goto(p);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  const name = p.replace(/[^a-z0-9]+/gi, '_').slice(-80);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
  console.log(`/tmp/shots/${name}.png`);
}
await browser.close();
