import type { Page } from 'playwright-core';

/** DD/MMM/YYYY HH:mm:ss of an instant in Asia/Jakarta, as the date-time picker shows and takes it. */
export function jakartaText(at: number): string {
  const d = new Date(at + 7 * 3_600_000);
  const month = d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${month}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** Chooses the option of a select (antd) that holds `optionText`, typing `typed` first to search a remote one. */
export async function pick(page: Page, selector: string, optionText: string, typed?: string): Promise<void> {
  await page.locator(selector).click();
  if (typed) await page.locator(selector).fill(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: optionText }).first().click();
}

/** Types a date (or date and time) into a picker as it shows them, and confirms it. */
export async function typeDate(page: Page, selector: string, text: string): Promise<void> {
  const input = page.locator(selector);
  await input.click();
  await input.fill(text);
  await page.keyboard.press('Enter');
}
