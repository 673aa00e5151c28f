import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppVersionRow, CustomConsumerTagRow, GeneralSettingRow, MasterMappingEmailRow, TicketCategoryRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}
interface ErrorBody {
  error: string;
  message: string;
  details?: { path: string; message: string }[];
}

describe('master data: custom consumer tags, ticket categories, mapping e-mail, general setting, app versions', () => {
  const h = useHarness({}, { regions: false });
  let admin: string;
  let viewer: string;
  let cs: string;
  let root: string;
  /** A word unique to this run, so names never clash with the demo data. */
  const run = `t${Date.now().toString(36)}`;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    viewer = await h.tokenOf('viewer');
    cs = await h.tokenOf('cs.agent');
    root = await h.tokenOf('superadmin');
  });

  const ok = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const fails = async (status: number, method: string, url: string, body?: unknown, token = admin): Promise<ErrorBody> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<ErrorBody>();
  };
  const auditOf = async (entity: string, id: number | string) =>
    (await ok<List<{ action: string; entity_id: string | null }>>('GET', `/api/v1/log-history?entity=${entity}&limit=100`, undefined, root)).data.filter(
      (e) => e.entity_id === String(id),
    );

  describe('custom consumer tags', () => {
    it('creates, lists with search, filters and sort, edits with its version and deletes, each with its audit entry', async () => {
      const a = await ok<CustomConsumerTagRow>('POST', '/api/v1/custom-consumer-tags', { name: `${run} Alpha`, description: 'First', color: 'green' });
      expect(a).toMatchObject({ name: `${run} Alpha`, color: 'green', status: 1, version: 1, updated_by_name: 'Budi Santoso' });
      const b = await ok<CustomConsumerTagRow>('POST', '/api/v1/custom-consumer-tags', { name: `${run} Beta`, color: 'blue', status: 2 });
      expect(b.description).toBeNull();

      const found = await ok<List<CustomConsumerTagRow>>('GET', `/api/v1/custom-consumer-tags?search=${run}&sort_by=name&sort_dir=desc`);
      expect(found.data.map((t) => t.name)).toEqual([`${run} Beta`, `${run} Alpha`]);
      expect(found.meta.total).toBe(2);
      const inactive = await ok<List<CustomConsumerTagRow>>('GET', `/api/v1/custom-consumer-tags?search=${run}&status=2`);
      expect(inactive.data.map((t) => t.id)).toEqual([b.id]);
      const green = await ok<List<CustomConsumerTagRow>>('GET', `/api/v1/custom-consumer-tags?search=${run}&color=green`);
      expect(green.data.map((t) => t.id)).toEqual([a.id]);
      await fails(400, 'GET', '/api/v1/custom-consumer-tags?color=pink');
      await fails(400, 'GET', '/api/v1/custom-consumer-tags?sort_by=secret');

      // A field left out keeps its value; null clears it.
      const kept = await ok<CustomConsumerTagRow>('PUT', `/api/v1/custom-consumer-tags/${a.id}`, { name: `${run} Alpha 2`, color: 'gold', status: 1, version: 1 });
      expect(kept).toMatchObject({ name: `${run} Alpha 2`, color: 'gold', description: 'First', version: 2 });
      const edited = await ok<CustomConsumerTagRow>('PUT', `/api/v1/custom-consumer-tags/${a.id}`, { name: `${run} Alpha 2`, description: null, color: 'gold', status: 1, version: 2 });
      expect(edited).toMatchObject({ description: null, version: 3 });
      expect(await ok<CustomConsumerTagRow>('GET', `/api/v1/custom-consumer-tags/${a.id}`)).toEqual(edited);

      await ok('DELETE', `/api/v1/custom-consumer-tags/${b.id}?version=${b.version}`);
      await fails(404, 'GET', `/api/v1/custom-consumer-tags/${b.id}`);
      expect((await auditOf('custom-consumer-tag', a.id)).map((e) => e.action).sort()).toEqual(['create', 'update', 'update']);
      expect((await auditOf('custom-consumer-tag', b.id)).map((e) => e.action).sort()).toEqual(['create', 'delete']);
    });

    it('refuses a duplicate name whatever its case, a colour off the palette and unknown fields', async () => {
      await ok('POST', '/api/v1/custom-consumer-tags', { name: `${run} Dup`, color: 'red' });
      const dup = await fails(409, 'POST', '/api/v1/custom-consumer-tags', { name: `${run.toUpperCase()} DUP`, color: 'red' });
      expect(dup.details?.[0]?.path).toBe('name');
      expect((await fails(400, 'POST', '/api/v1/custom-consumer-tags', { name: `${run} Pink`, color: '#ff00ff' })).details?.[0]?.path).toBe('color');
      await fails(400, 'POST', '/api/v1/custom-consumer-tags', { name: `${run} X`, color: 'red', consumer_count: 5 });
      await fails(400, 'POST', '/api/v1/custom-consumer-tags', { name: '   ', color: 'red' });
      await fails(400, 'POST', '/api/v1/custom-consumer-tags', { name: 'x'.repeat(51), color: 'red' });
    });

    it('answers 409 naming who changed a tag when the version is stale', async () => {
      const t = await ok<CustomConsumerTagRow>('POST', '/api/v1/custom-consumer-tags', { name: `${run} Stale`, color: 'cyan' });
      await ok('PUT', `/api/v1/custom-consumer-tags/${t.id}`, { name: `${run} Stale`, color: 'lime', status: 1, version: 1 }, root);
      const stale = await fails(409, 'PUT', `/api/v1/custom-consumer-tags/${t.id}`, { name: `${run} Stale`, color: 'red', status: 1, version: 1 });
      expect(stale.message).toContain('Siti Rahmawati');
      expect((await ok<CustomConsumerTagRow>('GET', `/api/v1/custom-consumer-tags/${t.id}`)).color).toBe('lime');
    });

    it('gives the whole tag list to dropdowns with is_all, up to 999 rows, beyond the page cap', async () => {
      const many = Array.from({ length: 120 }, (_, i) => `('${run} bulk ${String(i).padStart(3, '0')}', 'blue')`).join(', ');
      await h.testDb.database.exec(`insert into custom_consumer_tags (name, color) values ${many}`);
      const paged = await ok<List<CustomConsumerTagRow>>('GET', `/api/v1/custom-consumer-tags?search=${run}%20bulk&limit=500`);
      expect(paged.data.length).toBe(100);
      const all = await ok<List<CustomConsumerTagRow>>('GET', `/api/v1/custom-consumer-tags?search=${run}%20bulk&is_all=true`);
      expect(all.data.length).toBe(120);
      expect(all.meta.limit).toBe(999);
    });

    it('lets a viewer read but not write, and keeps customer service out', async () => {
      const [t] = (await ok<List<CustomConsumerTagRow>>('GET', '/api/v1/custom-consumer-tags?limit=1', undefined, viewer)).data;
      await fails(403, 'POST', '/api/v1/custom-consumer-tags', { name: `${run} Viewer`, color: 'red' }, viewer);
      await fails(403, 'PUT', `/api/v1/custom-consumer-tags/${t!.id}`, { name: t!.name, color: 'red', status: 1, version: t!.version }, viewer);
      await fails(403, 'DELETE', `/api/v1/custom-consumer-tags/${t!.id}?version=${t!.version}`, undefined, viewer);
      await fails(403, 'GET', '/api/v1/custom-consumer-tags', undefined, cs);
      await fails(401, 'GET', '/api/v1/custom-consumer-tags', undefined, '');
    });
  });

  describe('ticket categories', () => {
    it('places a new category last, sorts by position, filters by status and edits with its version', async () => {
      const before = await ok<List<TicketCategoryRow>>('GET', '/api/v1/ticket-categories?sort_by=position&sort_dir=desc&limit=1');
      const last = before.data[0]?.position ?? 0;
      const c = await ok<TicketCategoryRow>('POST', '/api/v1/ticket-categories', { name: `${run} Delivery`, sla_hours: 24 });
      expect(c).toMatchObject({ position: last + 1, status: 1, sla_hours: 24, version: 1 });
      const d = await ok<TicketCategoryRow>('POST', '/api/v1/ticket-categories', { name: `${run} Refund`, sla_hours: 720, position: 1, status: 2 });
      expect(d.position).toBe(1);

      const byPosition = await ok<List<TicketCategoryRow>>('GET', '/api/v1/ticket-categories?sort_by=position&limit=100');
      const positions = byPosition.data.map((x) => x.position);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
      const bySla = await ok<List<TicketCategoryRow>>('GET', '/api/v1/ticket-categories?sort_by=sla_hours&sort_dir=desc&limit=1');
      expect(bySla.data[0]?.sla_hours).toBe(720);
      const inactive = await ok<List<TicketCategoryRow>>('GET', `/api/v1/ticket-categories?status=2&search=${run}`);
      expect(inactive.data.map((x) => x.id)).toEqual([d.id]);

      const edited = await ok<TicketCategoryRow>('PUT', `/api/v1/ticket-categories/${c.id}`, { name: `${run} Delivery`, description: 'Late orders', sla_hours: 12, status: 1, version: 1 });
      expect(edited).toMatchObject({ sla_hours: 12, description: 'Late orders', position: c.position, version: 2 });
      await fails(409, 'PUT', `/api/v1/ticket-categories/${c.id}`, { name: `${run} Delivery`, sla_hours: 6, status: 1, version: 1 });
      await ok('DELETE', `/api/v1/ticket-categories/${d.id}?version=${d.version}`);
      expect((await auditOf('ticket-category', d.id)).map((e) => e.action).sort()).toEqual(['create', 'delete']);
    });

    it('keeps the SLA within 1 to 720 hours and the name unique', async () => {
      for (const sla_hours of [0, 721, 1.5, '24']) {
        const res = await fails(400, 'POST', '/api/v1/ticket-categories', { name: `${run} Bad SLA`, sla_hours });
        expect(res.details?.[0]?.path).toBe('sla_hours');
      }
      await ok('POST', '/api/v1/ticket-categories', { name: `${run} Unique`, sla_hours: 1 });
      expect((await fails(409, 'POST', '/api/v1/ticket-categories', { name: `${run} UNIQUE`, sla_hours: 2 })).details?.[0]?.path).toBe('name');
      await fails(403, 'POST', '/api/v1/ticket-categories', { name: `${run} Viewer`, sla_hours: 2 }, viewer);
      await fails(403, 'GET', '/api/v1/ticket-categories', undefined, cs);
    });
  });

  describe('master mapping e-mail', () => {
    const newUser = async (username: string) => {
      const roles = (await ok<List<{ id: number; name: string }>>('GET', '/api/v1/role/list?limit=100', undefined, root)).data;
      const role = roles.find((r) => r.name === 'Viewer')!;
      const u = await ok<{ id: number }>('POST', '/api/v1/user', { username, email: `${username}@demo.local`, name: `Mapping ${username}`, role_id: role.id, password: 'Mapping@123' }, root);
      return u.id;
    };

    it('searches users for the picker on the server, up to 1000, marking those already mapped', async () => {
      const u1 = await newUser(`${run}.picker`);
      const found = await ok<{ id: number; email: string; mapping_id: number | null }[]>('GET', `/api/v1/master-mapping-emails/user-options?search=${run}.picker`);
      expect(found).toEqual([expect.objectContaining({ id: u1, email: `${run}.picker@demo.local`, mapping_id: null })]);
      const m = await ok<MasterMappingEmailRow>('POST', '/api/v1/master-mapping-emails', { user_id: u1 });
      const again = await ok<{ id: number; mapping_id: number | null }[]>('GET', `/api/v1/master-mapping-emails/user-options?search=${run}.picker`);
      expect(again[0]?.mapping_id).toBe(m.id);
      expect((await ok<unknown[]>('GET', '/api/v1/master-mapping-emails/user-options?limit=1000')).length).toBeGreaterThan(5);
      expect((await ok<unknown[]>('GET', '/api/v1/master-mapping-emails/user-options?limit=2')).length).toBe(2);
      await fails(400, 'GET', '/api/v1/master-mapping-emails/user-options?limit=1001');
      await fails(403, 'GET', '/api/v1/master-mapping-emails/user-options', undefined, cs);
      await ok('DELETE', `/api/v1/master-mapping-emails/${m.id}?version=${m.version}`);
    });

    it('builds an escalation tree, refuses a loop or a second mapping of a user, and keeps a parent with children', async () => {
      const [ua, ub, uc] = [await newUser(`${run}.a`), await newUser(`${run}.b`), await newUser(`${run}.c`)];
      const a = await ok<MasterMappingEmailRow>('POST', '/api/v1/master-mapping-emails', { user_id: ua });
      expect(a).toMatchObject({ user_id: ua, parent_id: null, parent_user: null, child_count: 0, user: { id: ua, email: `${run}.a@demo.local`, name: `Mapping ${run}.a`, username: `${run}.a` } });
      const b = await ok<MasterMappingEmailRow>('POST', '/api/v1/master-mapping-emails', { user_id: ub, parent_id: a.id });
      expect(b.parent_user?.email).toBe(`${run}.a@demo.local`);
      const c = await ok<MasterMappingEmailRow>('POST', '/api/v1/master-mapping-emails', { user_id: uc, parent_id: b.id });
      expect((await ok<MasterMappingEmailRow>('GET', `/api/v1/master-mapping-emails/${a.id}`)).child_count).toBe(1);

      // a → c would close a → b → c → a.
      const loop = await fails(400, 'PUT', `/api/v1/master-mapping-emails/${a.id}`, { user_id: ua, parent_id: c.id, version: a.version });
      expect(loop.details?.[0]?.path).toBe('parent_id');
      expect(loop.message).toContain('loop');
      const self = await fails(400, 'PUT', `/api/v1/master-mapping-emails/${b.id}`, { user_id: ub, parent_id: b.id, version: b.version });
      expect(self.message).toContain('itself');
      expect((await ok<MasterMappingEmailRow>('GET', `/api/v1/master-mapping-emails/${a.id}`)).parent_id).toBeNull();

      const twice = await fails(409, 'POST', '/api/v1/master-mapping-emails', { user_id: ub, parent_id: null });
      expect(twice.details?.[0]?.path).toBe('user_id');
      expect(twice.message).toContain(`Mapping ${run}.b`);
      expect((await fails(400, 'POST', '/api/v1/master-mapping-emails', { user_id: 999999 })).details?.[0]?.path).toBe('user_id');
      expect((await fails(400, 'POST', '/api/v1/master-mapping-emails', { user_id: await newUser(`${run}.d`), parent_id: 999999 })).details?.[0]?.path).toBe('parent_id');
      await fails(400, 'POST', '/api/v1/master-mapping-emails', { user_id: ua, extra: true });

      const children = await ok<List<MasterMappingEmailRow>>('GET', `/api/v1/master-mapping-emails?parent_id=${b.id}`);
      expect(children.data.map((m) => m.id)).toEqual([c.id]);
      const searched = await ok<List<MasterMappingEmailRow>>('GET', `/api/v1/master-mapping-emails?search=${run}.&sort_by=email&sort_dir=desc`);
      expect(searched.data.map((m) => m.user.username)).toEqual([`${run}.c`, `${run}.b`, `${run}.a`]);
      const roots = await ok<List<MasterMappingEmailRow>>('GET', `/api/v1/master-mapping-emails?search=${run}.&is_root=true`);
      expect(roots.data.map((m) => m.id)).toEqual([a.id]);

      // Moving c to the top and b under c is fine: no loop.
      const cTop = await ok<MasterMappingEmailRow>('PUT', `/api/v1/master-mapping-emails/${c.id}`, { user_id: uc, parent_id: null, version: c.version });
      const bUnderC = await ok<MasterMappingEmailRow>('PUT', `/api/v1/master-mapping-emails/${b.id}`, { user_id: ub, parent_id: c.id, version: b.version });
      await fails(409, 'PUT', `/api/v1/master-mapping-emails/${c.id}`, { user_id: uc, parent_id: a.id, version: c.version });

      const busy = await fails(409, 'DELETE', `/api/v1/master-mapping-emails/${c.id}?version=${cTop.version}`);
      expect(busy.message).toContain('escalates to');
      await ok('DELETE', `/api/v1/master-mapping-emails/${b.id}?version=${bUnderC.version}`);
      await ok('DELETE', `/api/v1/master-mapping-emails/${cTop.id}?version=${cTop.version}`);
      expect((await auditOf('master-mapping-email', b.id)).map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
      await fails(403, 'POST', '/api/v1/master-mapping-emails', { user_id: ua }, viewer);
      await fails(403, 'GET', '/api/v1/master-mapping-emails', undefined, cs);
    });

    it('lets only one of two concurrent moves through when together they would close a loop', async () => {
      const [ux, uy] = [await newUser(`${run}.x`), await newUser(`${run}.y`)];
      const x = await ok<MasterMappingEmailRow>('POST', '/api/v1/master-mapping-emails', { user_id: ux });
      const y = await ok<MasterMappingEmailRow>('POST', '/api/v1/master-mapping-emails', { user_id: uy });
      // x under y and y under x, at the same time: each alone is fine, both would be a loop.
      const answers = await Promise.all([
        h.call('PUT', `/api/v1/master-mapping-emails/${x.id}`, { token: admin, body: { user_id: ux, parent_id: y.id, version: x.version } }),
        h.call('PUT', `/api/v1/master-mapping-emails/${y.id}`, { token: admin, body: { user_id: uy, parent_id: x.id, version: y.version } }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      const [nx, ny] = [await ok<MasterMappingEmailRow>('GET', `/api/v1/master-mapping-emails/${x.id}`), await ok<MasterMappingEmailRow>('GET', `/api/v1/master-mapping-emails/${y.id}`)];
      expect([nx.parent_id, ny.parent_id].filter((p) => p !== null)).toHaveLength(1);
    });
  });

  describe('general setting', () => {
    const body = (s: GeneralSettingRow) => ({
      cs_phone: s.cs_phone ?? '0215000123',
      cs_email: s.cs_email ?? 'cs@demo.local',
      whatsapp_number: s.whatsapp_number ?? '081250001234',
      min_order_amount: s.min_order_amount,
      delivery_fee: s.delivery_fee,
      free_delivery_min_amount: s.free_delivery_min_amount,
      point_conversion: s.point_conversion,
      max_vouchers_per_order: s.max_vouchers_per_order,
      maintenance_mode: s.maintenance_mode,
      maintenance_message: s.maintenance_message,
      version: s.version,
    });

    it('reads and edits the one record with its version, and answers 409 to a stale edit', async () => {
      const s = await ok<GeneralSettingRow>('GET', '/api/v1/general-setting', undefined, viewer);
      expect(s.id).toBe(1);
      const saved = await ok<GeneralSettingRow>('PUT', '/api/v1/general-setting', { ...body(s), delivery_fee: 12_500, cs_email: 'Help@Demo.Local' });
      expect(saved).toMatchObject({ delivery_fee: 12_500, cs_email: 'help@demo.local', version: s.version + 1, updated_by_name: 'Budi Santoso' });
      const stale = await fails(409, 'PUT', '/api/v1/general-setting', { ...body(s), delivery_fee: 1 }, root);
      expect(stale.message).toContain('Budi Santoso');
      expect((await auditOf('general-setting', 1)).map((e) => e.action)).toContain('update');
    });

    it('needs a message while in maintenance, and refuses bad values and unknown fields', async () => {
      const s = await ok<GeneralSettingRow>('GET', '/api/v1/general-setting');
      const noMessage = await fails(400, 'PUT', '/api/v1/general-setting', { ...body(s), maintenance_mode: true, maintenance_message: '  ' });
      expect(noMessage.details?.[0]?.path).toBe('maintenance_message');
      const on = await ok<GeneralSettingRow>('PUT', '/api/v1/general-setting', { ...body(s), maintenance_mode: true, maintenance_message: 'Back at 06:00' });
      expect(on.maintenance_mode).toBe(true);
      for (const [field, value] of [
        ['delivery_fee', -1],
        ['point_conversion', 0],
        ['max_vouchers_per_order', 11],
        ['whatsapp_number', '12345'],
        ['cs_email', 'not-an-email'],
        ['min_order_amount', 1.5],
      ] as const) {
        const res = await fails(400, 'PUT', '/api/v1/general-setting', { ...body(on), [field]: value });
        expect(res.details?.[0]?.path, field).toBe(field);
      }
      await fails(400, 'PUT', '/api/v1/general-setting', { ...body(on), id: 2 });
      await fails(403, 'PUT', '/api/v1/general-setting', body(on), viewer);
      await fails(403, 'GET', '/api/v1/general-setting', undefined, cs);
    });

    it('keeps the chain’s details for documents: saved normalised when sent, untouched when left out, refused when malformed', async () => {
      const s = await ok<GeneralSettingRow>('GET', '/api/v1/general-setting');
      const details = {
        company_name: '  PT Uji Pangan Makmur Tbk ',
        company_address: 'Jl. Gatot Subroto 12, Jakarta Selatan',
        company_npwp: '01.234.567.8-901.000',
        company_phone: '+62 21-555-0123',
        bank_name: 'Bank Mandiri',
        bank_account_no: '123-000-456 789',
        bank_account_holder: 'PT Uji Pangan Makmur Tbk',
        quotation_validity_days: 7,
      };
      const saved = await ok<GeneralSettingRow>('PUT', '/api/v1/general-setting', { ...body(s), ...details });
      expect(saved).toMatchObject({
        company_name: 'PT Uji Pangan Makmur Tbk',
        company_npwp: '012345678901000',
        company_phone: '0215550123',
        bank_account_no: '123000456789',
        quotation_validity_days: 7,
      });
      // An existing client of the endpoint, which knows none of these fields, leaves them as they are.
      const kept = await ok<GeneralSettingRow>('PUT', '/api/v1/general-setting', { ...body(saved), delivery_fee: 11_000 });
      expect(kept).toMatchObject({ delivery_fee: 11_000, company_name: 'PT Uji Pangan Makmur Tbk', bank_account_no: '123000456789', quotation_validity_days: 7 });
      // null clears a detail.
      const cleared = await ok<GeneralSettingRow>('PUT', '/api/v1/general-setting', { ...body(kept), company_phone: null });
      expect(cleared.company_phone).toBeNull();
      for (const [field, value] of [
        ['company_npwp', '12345'],
        ['company_phone', '12'],
        ['bank_account_no', 'BCA-ABC'],
        ['quotation_validity_days', 0],
        ['quotation_validity_days', 91],
        ['company_name', 'x'.repeat(151)],
      ] as const) {
        const res = await fails(400, 'PUT', '/api/v1/general-setting', { ...body(cleared), [field]: value });
        expect(res.details?.[0]?.path, `${field} ${value}`).toBe(field);
      }
      const audit = await queryRows<{ after: { company_npwp?: string } }>(
        h.testDb.database.db,
        sql`select after from audit_log where entity = 'general-setting' order by id desc limit 3`,
      );
      expect(audit.map((a) => a.after.company_npwp)).toContain('012345678901000');
    });
  });

  describe('app versions', () => {
    const body = (a: AppVersionRow) => ({
      current_version: a.current_version,
      minimum_version: a.minimum_version,
      force_update: a.force_update,
      store_url: a.store_url,
      release_notes: a.release_notes,
      version: a.version,
    });

    it('lists one row per platform and edits one with its version', async () => {
      const list = await ok<List<AppVersionRow>>('GET', '/api/v1/app-versions', undefined, viewer);
      expect(list.data.map((a) => a.platform)).toEqual(['android', 'ios']);
      const android = list.data[0]!;
      const saved = await ok<AppVersionRow>('PUT', `/api/v1/app-versions/${android.id}`, {
        ...body(android),
        current_version: '2.10.0',
        minimum_version: '2.9.12',
        force_update: true,
        release_notes: 'Faster checkout',
      });
      expect(saved).toMatchObject({ platform: 'android', current_version: '2.10.0', minimum_version: '2.9.12', force_update: true, version: android.version + 1 });
      await fails(409, 'PUT', `/api/v1/app-versions/${android.id}`, body(android));
      expect((await auditOf('app-version', android.id)).map((e) => e.action)).toEqual(['update']);
      await fails(404, 'GET', '/api/v1/app-versions/999999');
      // Platforms are fixed: no create, no delete.
      await fails(404, 'POST', '/api/v1/app-versions', body(android));
      await fails(404, 'DELETE', `/api/v1/app-versions/${android.id}?version=${android.version}`);
    });

    it('checks semver, keeps the minimum at or below the current version, and wants an https store link', async () => {
      const ios = (await ok<List<AppVersionRow>>('GET', '/api/v1/app-versions')).data.find((a) => a.platform === 'ios')!;
      const newer = await fails(400, 'PUT', `/api/v1/app-versions/${ios.id}`, { ...body(ios), current_version: '1.9.0', minimum_version: '1.10.0' });
      expect(newer.details?.[0]).toEqual({ path: 'minimum_version', message: 'Minimum version cannot be newer than the current version' });
      for (const v of ['1.2', 'v1.2.3', '1.2.3-beta', '01.2.3', '1.2.3.4', '']) {
        const res = await fails(400, 'PUT', `/api/v1/app-versions/${ios.id}`, { ...body(ios), current_version: v });
        expect(res.details?.[0]?.path, v).toBe('current_version');
      }
      expect((await fails(400, 'PUT', `/api/v1/app-versions/${ios.id}`, { ...body(ios), store_url: 'http://apps.apple.com/x' })).details?.[0]?.path).toBe('store_url');
      await fails(400, 'PUT', `/api/v1/app-versions/${ios.id}`, { ...body(ios), platform: 'android' });
      const same = await ok<AppVersionRow>('PUT', `/api/v1/app-versions/${ios.id}`, { ...body(ios), current_version: '3.0.0', minimum_version: '3.0.0' });
      expect(same.minimum_version).toBe('3.0.0');
      await fails(403, 'PUT', `/api/v1/app-versions/${ios.id}`, body(same), viewer);
      await fails(403, 'GET', '/api/v1/app-versions', undefined, cs);
    });
  });
});
