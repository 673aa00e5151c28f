import { describe, expect, it } from 'vitest';
const MAX_LIST_OFFSET = 10_000; const MAX_PAGE_LIMIT = 100;
import { decodeCursor, encodeCursor } from '../src/platform/crud/cursor.ts';
import { useHarness } from './harness.ts';

type ListMeta = { page: number; limit: number; total: number; next_cursor?: string | null };
type Refusal = { error: string; message: string; details?: { path: string; message: string }[] };

/** Issue 11, item 10: a request does bounded work whatever its page number. */
describe('bounded work per list request', () => {
  const h = useHarness({}, { scale: 0.05 });
  let token = '';
  const get = async (url: string) => {
    token ||= await h.tokenOf('superadmin');
    return h.call('GET', url, { token });
  };
  const refusesPage = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(400);
    const body = res.json<Refusal>();
    expect(body.details?.map((d) => d.path)).toContain('page');
    expect(body.message).toMatch(/filters/);
    expect(body.message).toContain(MAX_LIST_OFFSET.toLocaleString('en-US'));
  };

  it('refuses a page whose offset passes the bound, naming page and pointing to the filters', async () => {
    const last = MAX_LIST_OFFSET / MAX_PAGE_LIMIT + 1;
    expect((await get(`/api/v1/products?limit=${MAX_PAGE_LIMIT}&page=${last}`)).statusCode).toBe(200);
    await refusesPage(`/api/v1/products?limit=${MAX_PAGE_LIMIT}&page=${last + 1}`);
    await refusesPage('/api/v1/products?page=1002');
    await refusesPage('/api/v1/stores?page=999999999999999');
    // A list without keyset paging and the rows of an import preview are bounded the same way.
    await refusesPage('/api/v1/report-helpdesk?page=5000&limit=50');
    await refusesPage('/api/v1/imports/batches/1/rows?page=5000&limit=50');
  });

  it('lets a keyset page (a cursor from the page before) go past the bound', async () => {
    const first = await get('/api/v1/products?limit=2&sort_by=plu&sort_dir=asc');
    const cursor = decodeCursor(first.json<{ data: { meta: ListMeta } }>().data.meta.next_cursor ?? '');
    expect(cursor).not.toBeNull();
    const deep = encodeCursor({ ...cursor!, p: 9_000 });
    const res = await get(`/api/v1/products?limit=2&sort_by=plu&sort_dir=asc&page=9000&cursor=${deep}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { meta: ListMeta } }>().data.meta.page).toBe(9_000);
  });

  it('still refuses a deep page when its cursor cannot seek (another ordering, or a list without keyset paging)', async () => {
    const first = await get('/api/v1/products?limit=2&sort_by=plu&sort_dir=asc');
    const cursor = decodeCursor(first.json<{ data: { meta: ListMeta } }>().data.meta.next_cursor ?? '');
    const otherOrdering = encodeCursor({ ...cursor!, p: 9_000 });
    await refusesPage(`/api/v1/products?limit=2&sort_by=name&sort_dir=asc&page=9000&cursor=${otherOrdering}`);
    await refusesPage(`/api/v1/report-helpdesk?page=9000&limit=2&cursor=${otherOrdering}`);
  });

  it("answers the spec's notification and approval calls (limit=999999999999999, page 1) with a capped page, and is_all with the whole list", async () => {
    for (const list of ['/api/v1/approval-messages', '/api/v1/notification-offers']) {
      const huge = await get(`${list}?limit=999999999999999&page=1`);
      expect(huge.statusCode, list).toBe(200);
      expect(huge.json<{ data: { meta: ListMeta } }>().data.meta.limit).toBe(MAX_PAGE_LIMIT);
      const all = await get(`${list}?is_all=true&page=999999`);
      expect(all.statusCode, list).toBe(200);
      const { data, meta } = all.json<{ data: { data: unknown[]; meta: ListMeta } }>().data;
      expect(meta.page).toBe(1);
      expect(data.length).toBe(meta.total);
    }
  });
});
