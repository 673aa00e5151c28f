import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { BUILT_ENTRIES, fillPath, SHELL_SPEC_PATHS, specPathsOf, type SpecPath } from '@portal/contract';

/**
 * The first record of an API list (`members`, `role/list`), read with the signed-in page's session; a list under a
 * record (`stores/{stores}/products`) is read under the first record of the list in braces.
 */
export async function firstRecordId(page: Page, records: string): Promise<string> {
  return String((await firstRecord(page, records)).id);
}

async function firstRecord(page: Page, records: string): Promise<{ id: number | string } & Record<string, unknown>> {
  const outer = records.match(/\{([a-z/-]+)\}/)?.[1];
  if (outer) return firstRecord(page, records.replace(`{${outer}}`, encodeURIComponent(await firstRecordId(page, outer))));
  const res = await page.request.get(`/api/v1/${records}?limit=1`);
  expect(res.status(), `GET /api/v1/${records}`).toBe(200);
  const body = (await res.json()) as { data: { data: ({ id: number | string } & Record<string, unknown>)[] } };
  const record = body.data.data[0];
  if (record === undefined) throw new Error(`the demo data has no record in /api/v1/${records}`);
  return record;
}

/** The screen inside the shell's content area (antd's layout content, the page's `main`). */
export const MAIN = 'main.ant-layout-content > [data-testid="screen"]';

/** What the open path shows once its screen has rendered: the not-found page, a refusal, or the screen. */
export async function outcome(page: Page): Promise<'screen' | 'not-found' | 'forbidden' | 'error'> {
  const main = page.locator(MAIN);
  // Every screen, the not-found page included, puts text in the shell's main area once its chunk and data are in.
  await page.waitForFunction((selector) => (document.querySelector(selector)?.textContent ?? '').trim().length > 0, MAIN, { timeout: 15_000 });
  if (await main.locator('[data-testid="not-found"], .ant-result-404').count()) return 'not-found';
  if (await main.locator('[data-testid="forbidden"], [data-testid="unauthorized"], .ant-result-403').count()) return 'forbidden';
  if (await main.locator('[role="alert"]:has(.anticon-close-circle)').count()) return 'error';
  return 'screen';
}

/** Every spec path of the shell and of every built entry, with `{id}` filled from the first record of its list. */
export async function* specPaths(page: Page): AsyncGenerator<{ spec: SpecPath; path: string }> {
  const firsts = new Map<string, { id: number | string } & Record<string, unknown>>();
  const paths: SpecPath[] = [...SHELL_SPEC_PATHS.map((path) => ({ entry: 'shell', path })), ...BUILT_ENTRIES.flatMap(specPathsOf)];
  for (const spec of paths) {
    let path = spec.path;
    if (spec.records) {
      if (!firsts.has(spec.records)) firsts.set(spec.records, await firstRecord(page, spec.records));
      const record = firsts.get(spec.records)!;
      const named = Object.fromEntries(Object.entries(spec.fields ?? {}).map(([param, field]) => [param, String(record[field])]));
      path = fillPath(path, record.id, named);
    }
    yield { spec, path };
  }
}
