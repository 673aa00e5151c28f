import { sql, type SQL } from 'drizzle-orm';
import {
  CUSTOMER_MAP_ENTRIES,
  customerMapApi,
  customerMapExportQuery,
  jakartaDay,
  THEMATIC_DETAIL_FILE,
  THEMATIC_SUMMARY_FILE,
  type CustomerMapExportQuery,
  type ExportFormat,
  type MapBox,
} from '@portal/contract';
import { defineExport, type ExportSource, type ExportViewer } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import { decidePersonalData, stepUpForPersonalData } from '../../platform/personal-data-export.ts';
import { maskNameSql, type PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { addressFilters, inBoxSql, mapFiltersOf } from './customer-map.service.ts';

/*
 * The thematic customer map's reports (spec section 9): 'Export Thematic Report Detail - <date>.xlsx' (every located
 * address in the box in view, or all of them, with its consumer) and 'Export Thematic Report Summary - <date>.xlsx'
 * (consumers and addresses per province and regency). The date is the Jakarta day of the download, as the disbursement
 * report's. CSV and TXT too, as every export.
 */

const dated = (name: string) => (format: ExportFormat, at: Date) => `${name} - ${jakartaDay(at)}.${format}`;

/** The located addresses the export's filters take: the box in view when given (closed on every side), regions, members. */
function conditions(q: CustomerMapExportQuery): SQL[] {
  const box: MapBox | null =
    q.top_left_lat !== undefined && q.top_left_lon !== undefined && q.bottom_right_lat !== undefined && q.bottom_right_lon !== undefined
      ? { top_left_lat: q.top_left_lat, top_left_lon: q.top_left_lon, bottom_right_lat: q.bottom_right_lat, bottom_right_lon: q.bottom_right_lon }
      : null;
  return [...(box ? inBoxSql(box) : [sql`a.latitude is not null`]), ...addressFilters(mapFiltersOf(q))];
}

export function customerMapExports(accessLog: PersonalDataAccessLog): ModuleExport[] {
  const detailSource = (q: CustomerMapExportQuery, viewer: ExportViewer): ExportSource => ({
    select: sql`select a.id, a.consumer_id, ${viewer.personalData ? sql`c.name` : maskNameSql(sql`c.name`)} as consumer_name, pr.name as province_name,
      rg.name as regency_name, a.latitude, a.longitude`,
    from: sql`from consumer_addresses a join consumers c on c.id = a.consumer_id join provinces pr on pr.code = a.province_code join regencies rg on rg.code = a.regency_code`,
    where: conditions(q),
    keys: ['a.id'],
    keyColumns: ['id'],
    dir: 'asc',
  });
  const decide = decidePersonalData(accessLog, 'export_thematic_report_detail', 'a.consumer_id');
  const detail = defineExport({
    name: 'export_thematic_report_detail',
    fileName: dated(THEMATIC_DETAIL_FILE),
    sheetName: 'Thematic Report Detail',
    entries: CUSTOMER_MAP_ENTRIES,
    listQuery: customerMapExportQuery,
    guard: stepUpForPersonalData,
    columns: [
      { key: 'id', label: 'Address ID', format: 'number' },
      { key: 'consumer_id', label: 'Consumer ID', format: 'number' },
      { key: 'consumer_name', label: 'Name' },
      { key: 'province_name', label: 'Province' },
      { key: 'regency_name', label: 'Regency / City' },
      { key: 'latitude', label: 'Latitude', format: 'number' },
      { key: 'longitude', label: 'Longitude', format: 'number' },
    ],
    source: detailSource,
    prepare: (db, q, viewer) => decide(db, detailSource(q, viewer), viewer),
  });
  const summary = defineExport({
    name: 'export_thematic_report_summary',
    fileName: dated(THEMATIC_SUMMARY_FILE),
    sheetName: 'Thematic Report Summary',
    entries: CUSTOMER_MAP_ENTRIES,
    listQuery: customerMapExportQuery,
    columns: [
      { key: 'province_name', label: 'Province' },
      { key: 'regency_name', label: 'Regency / City' },
      { key: 'consumers', label: 'Consumers', format: 'number' },
      { key: 'addresses', label: 'Addresses', format: 'number' },
    ],
    source: (q) => ({
      select: sql`select s.province_code, s.province_name, s.regency_code, s.regency_name, s.consumers, s.addresses`,
      from: sql`from (select a.province_code, pr.name as province_name, a.regency_code, rg.name as regency_name,
          count(distinct a.consumer_id)::int as consumers, count(*)::int as addresses
        from consumer_addresses a join provinces pr on pr.code = a.province_code join regencies rg on rg.code = a.regency_code
        where ${sql.join(conditions(q), sql` and `)}
        group by a.province_code, pr.name, a.regency_code, rg.name) s`,
      where: [],
      keys: ['s.province_code', 's.regency_code'],
      keyColumns: ['province_code', 'regency_code'],
      dir: 'asc',
    }),
  });
  return [
    { def: detail, endpoint: customerMapApi.exportDetail },
    { def: summary, endpoint: customerMapApi.exportSummary },
  ];
}
