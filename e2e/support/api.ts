import { expect } from 'vitest';
import type { Page } from 'playwright-core';
/** One call to the portal's API as a test sets data up: the answer's `data`, or an error naming the call and its answer. */
export async function apiCall<T>(baseUrl: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** An API answer's `data`, read with the signed-in page's session; any status but 200 fails the test, naming the URL. */
export async function pageData<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as { data: T }).data;
}
