import { sql } from 'drizzle-orm';
import type { AppVersionListQuery, AppVersionRow, GeneralSettingRow } from '@portal/contract';
import { ResourceService, type ListQueryLike, type ResourceDef } from '../../platform/crud/index.ts';
import type { Db } from '../../db/client.ts';
import { audited, num, textOrNull } from '../catalog/rows.ts';

/** The single general-setting record has id 1 (the migration creates it; nothing creates or deletes another). */
export const GENERAL_SETTING_ID = 1;

const toGeneralSetting = (r: Record<string, unknown>): GeneralSettingRow => {
  const { created_at: _c, ...rest } = audited(r);
  return {
    id: num(r.id),
    cs_phone: textOrNull(r.cs_phone),
    cs_email: textOrNull(r.cs_email),
    whatsapp_number: textOrNull(r.whatsapp_number),
    min_order_amount: num(r.min_order_amount),
    delivery_fee: num(r.delivery_fee),
    free_delivery_min_amount: num(r.free_delivery_min_amount),
    point_conversion: num(r.point_conversion),
    max_vouchers_per_order: num(r.max_vouchers_per_order),
    maintenance_mode: Boolean(r.maintenance_mode),
    maintenance_message: textOrNull(r.maintenance_message),
    ...rest,
  };
};

export const generalSettingDef: ResourceDef<GeneralSettingRow, ListQueryLike> = {
  entity: 'general-setting',
  label: 'General setting',
  table: 'general_settings',
  select: sql`select g.*, ub.name as updated_by_name`,
  from: sql`from general_settings g left join users ub on ub.id = g.updated_by`,
  id: 'g.id',
  toRow: toGeneralSetting,
  sort: { id: 'g.id' },
  writable: [
    'cs_phone', 'cs_email', 'whatsapp_number', 'min_order_amount', 'delivery_fee', 'free_delivery_min_amount',
    'point_conversion', 'max_vouchers_per_order', 'maintenance_mode', 'maintenance_message',
  ],
  // The message stays on record while maintenance is off, so switching back on restores it.
  auditView: ({ updated_by_name: _u, ...rest }) => rest,
};

const toAppVersion = (r: Record<string, unknown>): AppVersionRow => {
  const { created_at: _c, ...rest } = audited(r);
  return {
    id: num(r.id),
    platform: String(r.platform) as AppVersionRow['platform'],
    current_version: String(r.current_version),
    minimum_version: String(r.minimum_version),
    force_update: Boolean(r.force_update),
    store_url: String(r.store_url),
    release_notes: textOrNull(r.release_notes),
    ...rest,
  };
};

/** One row per platform; only edited (the migration creates ios and android). */
export const appVersionDef: ResourceDef<AppVersionRow, AppVersionListQuery> = {
  entity: 'app-version',
  label: 'App version',
  table: 'app_versions',
  select: sql`select a.id, a.platform, a.current_version, a.minimum_version, a.force_update, a.store_url, a.release_notes,
    a.created_at, a.updated_at, ub.name as updated_by_name, a.version`,
  from: sql`from app_versions a left join users ub on ub.id = a.updated_by`,
  id: 'a.id',
  toRow: toAppVersion,
  sort: { platform: 'a.platform' },
  writable: ['current_version', 'minimum_version', 'force_update', 'store_url', 'release_notes'],
  auditView: ({ updated_by_name: _u, ...rest }) => rest,
};

export const generalSettingService = (db: Db) => new ResourceService(generalSettingDef, db);
export const appVersionService = (db: Db) => new ResourceService(appVersionDef, db);
