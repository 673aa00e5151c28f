import { sql } from 'drizzle-orm';
import {
  appVersionRow,
  appVersionUpdateBody,
  documentIssuer,
  generalSettingRow,
  generalSettingUpdateBody,
  type AppVersionListQuery,
  type AppVersionRow,
  type DocumentIssuer,
  type GeneralSettingRow,
} from '@portal/contract';
import { ResourceService, writableColumns, type ListQueryLike, type ResourceDef } from '../../platform/crud/index.ts';
import type { Db } from '../../db/client.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

/** The single general-setting record has id 1 (the migration creates it; nothing creates or deletes another). */
export const GENERAL_SETTING_ID = 1;

export const generalSettingDef: ResourceDef<GeneralSettingRow, ListQueryLike> = {
  entity: 'general-setting',
  label: 'General setting',
  table: 'general_settings',
  select: sql`select g.*, ub.name as updated_by_name`,
  from: sql`from general_settings g left join users ub on ub.id = g.updated_by`,
  id: 'g.id',
  toRow: rowReader(generalSettingRow),
  sort: { id: 'g.id' },
  writable: writableColumns([generalSettingUpdateBody]),
  // The message stays on record while maintenance is off, so switching back on restores it.
  auditView: ({ updated_by_name: _u, ...rest }) => rest,
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
  toRow: rowReader(appVersionRow),
  sort: { platform: 'a.platform' },
  writable: writableColumns([appVersionUpdateBody]),
  auditView: ({ updated_by_name: _u, ...rest }) => rest,
};

export const generalSettingService = (db: Db) => new ResourceService(generalSettingDef, db);
export const appVersionService = (db: Db) => new ResourceService(appVersionDef, db);

/** The chain's details its documents print, read from the general setting (other domains reach it through their deps). */
export const documentIssuerReader = (settings: ResourceService<GeneralSettingRow, ListQueryLike>) => ({
  issuer: async (): Promise<DocumentIssuer> => documentIssuer.parse(await settings.get(GENERAL_SETTING_ID)),
});
