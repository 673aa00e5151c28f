import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { auditEntries } from '../../../test/audit-log.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';

const PATH = '/admin/pandora/sales-dashboard/summary-sales?from=2026-10-01&to=2026-10-31&store_code=S0001&order=asc';

describe('sharing a dashboard by e-mail: a link to the same view for colleagues who may open it, audited', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let sharer: string;
  const ids = new Map<string, number>();

  const share = (body: object, token = sharer) => h.call('POST', '/api/v1/analytics/share', { token, body });

  beforeAll(async () => {
    ids.set('sharer', await createStaff(db(), 'share.sharer', [{ entry: 'pandora.sales-dashboard', action: 'view' }, { entry: 'pandora.sales-dashboard', action: 'export' }, { entry: 'pandora.planogram-analytics', action: 'view' }]));
    ids.set('reader', await createStaff(db(), 'share.reader', [{ entry: 'pandora.sales-dashboard', action: 'view' }]));
    ids.set('exporter', await createStaff(db(), 'share.exporter', [{ entry: 'pandora.sales-dashboard', action: 'view' }, { entry: 'pandora.sales-dashboard', action: 'export' }]));
    ids.set('outsider', await createStaff(db(), 'share.outsider', [{ entry: 'pandora.planogram-analytics', action: 'view' }]));
    ids.set('gone', await createStaff(db(), 'share.gone', [{ entry: 'pandora.sales-dashboard', action: 'view' }]));
    await db().execute(sql`update users set status = 2 where id = ${ids.get('gone')!}`);
    sharer = await h.tokenOf('share.sharer');
  });

  it('mails the view’s link (and, to those who may export, its export link) only to colleagues who may open it, lists the others, and audits it', async () => {
    const to = ['reader', 'exporter', 'outsider', 'gone'].map((k) => ids.get(k)!);
    const res = await share({ entry: 'pandora.sales-dashboard', path: PATH, recipient_ids: to, note: 'Toko S0001 turun bulan ini', with_export: true });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { sent: { user_id: number }[]; skipped: { user_id: number; reason: string }[] } }>().data;
    expect(data.sent.map((s) => s.user_id).sort()).toEqual([ids.get('reader'), ids.get('exporter')].sort());
    expect(data.skipped.map((s) => [s.user_id, s.reason]).sort()).toEqual([[ids.get('outsider'), 'no-access'], [ids.get('gone'), 'inactive']].sort());

    const box = (await h.services.mailer.outbox(20))!;
    const mailTo = async (key: string) => {
      const [u] = await queryRows<{ email: string }>(db(), sql`select email from users where id = ${ids.get(key)!}`);
      return box.find((m) => m.to === u!.email);
    };
    const reader = await mailTo('reader');
    expect(reader?.text).toContain(`${PATH}`);
    expect(reader?.text).toContain('Toko S0001 turun bulan ini');
    expect(reader?.text).not.toContain('export=xlsx');
    expect((await mailTo('exporter'))?.text).toContain(`${PATH}&export=xlsx`);
    expect(await mailTo('outsider')).toBeUndefined();
    expect(await mailTo('gone')).toBeUndefined();

    const [entry] = await auditEntries(db(), sql`entity = 'analytics-view' and action = 'share'`);
    expect(entry).toMatchObject({ actorId: ids.get('sharer'), after: { entry: 'pandora.sales-dashboard', path: PATH, with_export: true } });
  });

  it('offers as recipients only active colleagues whose role opens the screen', async () => {
    const res = await h.call('GET', '/api/v1/analytics/share/recipients?entry=pandora.sales-dashboard&search=share.', { token: sharer });
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json<{ data: { user_id: number }[] }>().data.map((r) => r.user_id).sort();
    expect(names).toEqual([ids.get('sharer'), ids.get('reader'), ids.get('exporter')].sort());
  });

  it('refuses a screen the sharer cannot open or export, an address outside the screen, and an unknown colleague', async () => {
    const outsider = await h.tokenOf('share.outsider');
    const refused = await share({ entry: 'pandora.sales-dashboard', path: PATH, recipient_ids: [ids.get('reader')!] }, outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can only share a screen you can open yourself.');
    const noExport = await share({ entry: 'pandora.planogram-analytics', path: '/admin/pandora/planogram-analytics', recipient_ids: [ids.get('outsider')!], with_export: true });
    expect(noExport.statusCode).toBe(403);
    const elsewhere = await share({ entry: 'pandora.sales-dashboard', path: '/admin/pandora/planogram-analytics', recipient_ids: [ids.get('reader')!] });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.body).toContain('The address is not a screen of this dashboard or report');
    const foreign = await share({ entry: 'pandora.sales-dashboard', path: 'https://evil.example/admin/pandora/sales-dashboard', recipient_ids: [ids.get('reader')!] });
    expect(foreign.statusCode).toBe(400);
    const cms = await share({ entry: 'cms.store-management', path: '/admin/aphrodite/store-management', recipient_ids: [ids.get('reader')!] });
    expect(cms.statusCode).toBe(400);
    const unknown = await share({ entry: 'pandora.sales-dashboard', path: PATH, recipient_ids: [999_999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('No colleague has the id 999999');
  });
});
