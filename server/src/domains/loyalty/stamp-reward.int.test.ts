import { beforeAll, describe, expect, it } from 'vitest';
import type { StampProgrammeRow, StampRewardRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

const URL = '/api/v1/stamp-rewards';

describe('rewards (cms Digital stamp, "reward")', () => {
  const h = useHarness();
  let admin: string;
  let rewardEditor: string;
  let stampOnly: string;
  let programmes: StampProgrammeRow[];

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    await createStaff(h.testDb.database.db, 'reward.editor', [
      { entry: 'cms.reward', action: 'view' },
      { entry: 'cms.reward', action: 'create' },
    ]);
    await createStaff(h.testDb.database.db, 'stamp.only', [{ entry: 'cms.stamp', action: 'view' }]);
    rewardEditor = await h.tokenOf('reward.editor');
    stampOnly = await h.tokenOf('stamp.only');
    programmes = (await h.call('GET', '/api/v1/stamp-programmes?limit=10&sort_by=name&sort_dir=asc', { token: admin })).json<{ data: List<StampProgrammeRow> }>().data.data;
  });

  const call = async (method: string, url: string, body: unknown, status: number, token = admin) => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)} → ${res.body}`).toBe(status);
    return res.json<{ data: unknown; message: string; details?: { path: string }[] }>();
  };
  const reward = (extra: Record<string, unknown> = {}) => ({
    programme_id: programmes[0]!.id,
    name: 'Payung Lipat',
    stamps_required: 15,
    stock: 40,
    start_date: '2026-06-01',
    end_date: '2026-07-31',
    image_url: 'https://cdn.example.com/payung.png',
    ...extra,
  });

  it('lists the demo rewards with their programme, filtered by programme', async () => {
    const all = (await call('GET', `${URL}?limit=50`, undefined, 200)).data as List<StampRewardRow>;
    expect(all.meta.total).toBeGreaterThanOrEqual(5);
    const id = all.data[0]!.programme_id;
    const one = (await call('GET', `${URL}?programme_id=${id}&limit=50`, undefined, 200)).data as List<StampRewardRow>;
    expect(one.data.length).toBeGreaterThan(0);
    expect(one.data.every((r) => r.programme_id === id && r.programme_name.length > 0)).toBe(true);
    const cheap = (await call('GET', `${URL}?sort_by=stamps_required&sort_dir=asc&limit=50`, undefined, 200)).data as List<StampRewardRow>;
    expect(cheap.data.map((r) => r.stamps_required)).toEqual(cheap.data.map((r) => r.stamps_required).sort((a, b) => a - b));
  });

  it('creates, shows and edits a reward; a stale version answers 409', async () => {
    const created = (await call('POST', URL, reward(), 200, rewardEditor)).data as StampRewardRow;
    expect(created).toMatchObject({ name: 'Payung Lipat', stamps_required: 15, stock: 40, programme_name: programmes[0]!.name, version: 1, created_by_name: 'reward.editor' });
    const shown = (await call('GET', `${URL}/${created.id}`, undefined, 200, rewardEditor)).data as StampRewardRow;
    expect(shown.image_url).toBe('https://cdn.example.com/payung.png');
    const edited = (await call('PUT', `${URL}/${created.id}`, { ...reward({ stock: 0, programme_id: programmes[1]!.id }), version: 1 }, 200)).data as StampRewardRow;
    expect(edited).toMatchObject({ stock: 0, programme_id: programmes[1]!.id, version: 2 });
    const stale = await call('PUT', `${URL}/${created.id}`, { ...reward(), version: 1 }, 409);
    expect(stale.message).toContain('Budi Santoso');
  });

  it('answers 400 with the field for bad input', async () => {
    const field = async (body: unknown, path: string) => expect((await call('POST', URL, body, 400)).details?.[0]?.path).toBe(path);
    await field(reward({ stock: -1 }), 'stock');
    await field(reward({ stamps_required: 0 }), 'stamps_required');
    await field(reward({ programme_id: 2_000_000 }), 'programme_id');
    await field(reward({ end_date: '2026-05-01' }), 'end_date');
    await field(reward({ image_url: 'javascript:alert(1)' }), 'image_url');
    await field(reward({ name: '' }), 'name');
    await call('GET', `${URL}?programme_id=abc`, undefined, 400);
    await call('GET', `${URL}/999999`, undefined, 404);
  });

  it('refuses without the right (403); a reward editor may read the programmes to choose one', async () => {
    await call('GET', URL, undefined, 403, stampOnly);
    await call('PUT', `${URL}/1`, { ...reward(), version: 1 }, 403, rewardEditor);
    await call('POST', '/api/v1/stamp-programmes', {}, 403, rewardEditor);
    const list = (await call('GET', '/api/v1/stamp-programmes?limit=5', undefined, 200, rewardEditor)).data as List<StampProgrammeRow>;
    expect(list.data.length).toBeGreaterThan(0);
  });
});
