import type { Page } from 'playwright-core';
import { formatDate, formatDateTime } from '@portal/contract';

/** DD/MMM/YYYY HH:mm:ss of an instant in Asia/Jakarta, as the date-time picker shows and takes it (the portal's own formatter). */
export const jakartaText = (at: number): string => formatDateTime(new Date(at), 'en');

/** DD/MMM/YYYY of the Jakarta day `days` from today, as the day picker shows and takes it. */
export const dayText = (days: number): string => formatDate(new Date(Date.now() + days * 86_400_000), 'en');

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
