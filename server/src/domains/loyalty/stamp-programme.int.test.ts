import { beforeAll, describe, expect, it } from 'vitest';
import type { StampProgrammeDetail, StampProgrammeRow, StoreRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

const URL = '/api/v1/stamp-programmes';

describe('stamp programmes (cms Digital stamp, "stamp")', () => {
  const h = useHarness();
  let admin: string;
  let viewOnly: string;
  let noRight: string;
  let rewardViewer: string;
  let stores: StoreRow[];

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    await createStaff(h.testDb.database.db, 'stamp.viewer', [{ entry: 'cms.stamp', action: 'view' }]);
    await createStaff(h.testDb.database.db, 'reward.only', [{ entry: 'cms.reward', action: 'view' }]);
    await createStaff(h.testDb.database.db, 'faq.only', [{ entry: 'cms.faq', action: 'view' }]);
    viewOnly = await h.tokenOf('stamp.viewer');
    rewardViewer = await h.tokenOf('reward.only');
    noRight = await h.tokenOf('faq.only');
    stores = (await h.call('GET', '/api/v1/stores?limit=3&sort_by=code', { token: admin })).json<{ data: List<StoreRow> }>().data.data;
  });

  const ok = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const refused = async (method: string, url: string, body: unknown, status: number, path?: string, token = admin) => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
    if (path) expect(res.json().details?.[0]?.path, res.body).toBe(path);
    return res.json<{ message: string }>();
  };
  const programme = (extra: Record<string, unknown> = {}) => ({
    name: 'Stempel Kopi',
    start_date: '2026-06-01',
    end_date: '2026-08-31',
    seasonality: 'seasonal',
    reward_type: 3,
    min_transaction: 75_000,
    stamps_per_multiple: 1,
    sponsor_plus: ['KOPI-01', 'KOPI-02'],
    stamps_per_unit: 2,
    extra_stamp: 1,
    extra_stamp_amount: 3,
    multiplier: 1,
    multiplier_value: 2,
    member_scope: 1,
    ...extra,
  });

  it('lists the demo programmes, filtered and sorted on the server', async () => {
    const all = await ok<List<StampProgrammeRow>>('GET', `${URL}?limit=50`);
    expect(all.meta.total).toBeGreaterThanOrEqual(3);
    const sponsor = await ok<List<StampProgrammeRow>>('GET', `${URL}?reward_type=2&limit=50`);
    expect(sponsor.data.length).toBeGreaterThan(0);
    expect(sponsor.data.every((p) => p.reward_type === 2)).toBe(true);
    const seasonal = await ok<List<StampProgrammeRow>>('GET', `${URL}?seasonality=seasonal&sort_by=name&sort_dir=asc&limit=50`);
    expect(seasonal.data.every((p) => p.seasonality === 'seasonal')).toBe(true);
    expect(seasonal.data.map((p) => p.name.toLowerCase())).toEqual(seasonal.data.map((p) => p.name.toLowerCase()).sort());
    const later = await ok<List<StampProgrammeRow>>('GET', `${URL}?active_on=2099-01-01`);
    expect(later.data).toEqual([]);
  });

  it('creates, shows and edits a programme, with a stale version refused and every change audited', async () => {
    const created = await ok<StampProgrammeDetail>('POST', URL, programme({ store_ids: [stores[0]!.id, stores[1]!.id] }));
    expect(created).toMatchObject({ name: 'Stempel Kopi', reward_type: 3, sponsor_plus: ['KOPI-01', 'KOPI-02'], store_ids: [stores[0]!.id, stores[1]!.id].sort((a, b) => a - b), version: 1 });
    expect(created.stores.map((s) => s.code).sort()).toEqual([stores[0]!.code, stores[1]!.code].sort());
    const shown = await ok<StampProgrammeDetail>('GET', `${URL}/${created.id}`, undefined, viewOnly);
    expect(shown.created_by_name).toBe('Budi Santoso');

    const edited = await ok<StampProgrammeDetail>('PUT', `${URL}/${created.id}`, { ...programme({ name: 'Stempel Kopi Susu', sponsor_plus: ['KOPI-03'], store_ids: [] }), version: 1 });
    expect(edited).toMatchObject({ name: 'Stempel Kopi Susu', sponsor_plus: ['KOPI-03'], store_ids: [], stores: [], version: 2 });
    const stale = await refused('PUT', `${URL}/${created.id}`, { ...programme({ name: 'Lama' }), version: 1 }, 409);
    expect(stale.message).toContain('Budi Santoso');

    const log = await ok<List<{ id: number; action: string; entity_id: string }>>('GET', '/api/v1/log-history?entity=stamp-programme&limit=5');
    expect(log.data.filter((e) => e.entity_id === String(created.id)).map((e) => e.action)).toEqual(['update', 'create']);
  });

  it('answers 400 with the field for bad input', async () => {
    await refused('POST', URL, programme({ reward_type: 1, min_transaction: null }), 400, 'min_transaction');
    await refused('POST', URL, programme({ reward_type: 2, sponsor_plus: [] }), 400, 'sponsor_plus');
    await refused('POST', URL, programme({ extra_stamp: 2, extra_stamp_amount: 0 }), 400, 'extra_stamp_amount');
    await refused('POST', URL, programme({ multiplier: 2, multiplier_value: 0 }), 400, 'multiplier_value');
    await refused('POST', URL, programme({ end_date: '2026-05-31' }), 400, 'end_date');
    await refused('POST', URL, programme({ seasonality: 'winter' }), 400, 'seasonality');
    await refused('POST', URL, programme({ reward_type: 4 }), 400, 'reward_type');
    await refused('POST', URL, programme({ store_ids: [2_000_000] }), 400, 'store_ids');
    await refused('POST', URL, programme({ sponsor_plus: ['A', 'A'] }), 400, 'sponsor_plus');
    await refused('POST', URL, [1, 2], 400);
    await refused('GET', `${URL}?reward_type=9`, undefined, 400);
    await refused('GET', `${URL}?sort_by=password`, undefined, 400);
    await refused('GET', `${URL}/999999`, undefined, 404);
  });

  it('refuses without the right: 403, and 401 without a session', async () => {
    await refused('GET', URL, undefined, 403, undefined, noRight);
    await refused('GET', `${URL}/1`, undefined, 403, undefined, noRight);
    await refused('POST', URL, programme(), 403, undefined, viewOnly);
    await refused('PUT', `${URL}/1`, { ...programme(), version: 1 }, 403, undefined, viewOnly);
    expect((await h.call('GET', URL)).statusCode).toBe(401);
    // The reward form picks its programme from the list, so a reward viewer reads it, and changes nothing.
    expect((await ok<List<StampProgrammeRow>>('GET', URL, undefined, rewardViewer)).data.length).toBeGreaterThan(0);
    await refused('POST', URL, programme(), 403, undefined, rewardViewer);
  });
});
