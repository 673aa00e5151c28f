import {
  BANNER_PLACEMENT_PAGE,
  BANNER_TYPE,
  CONTENT_ENTRY,
  CONTENT_KINDS,
  CONTENT_PATH,
  CONTENT_TYPE,
  DIGITAL_PRODUCT_TYPE,
  DISPLAY_LOCATION,
  MEMBER_SCOPE,
  MESSAGE_KIND,
  TARGETING,
  CONTENT_STATUS,
  contentListQuery,
  type ContentKind,
  CONTENT_KIND_API,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import { CHANGED_COLUMNS, enumLabel, resourceExport, type ExportColumn } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import { contentDef, displayedStatusSql } from './content.resource.ts';

/** The kinds' lists as files, with each list's own filters, search and order; the status is the displayed one. */
export function contentExports(clock: Clock): ModuleExport[] {
  // The displayed status at the time the file is written, worked out by the database (the list's filter does the same).
  const status: ExportColumn = { key: 'displayed_status', label: 'Status', format: enumLabel(CONTENT_STATUS) };
  const own: Record<ContentKind, ExportColumn[]> = {
    offer: [
      { key: 'content_type', label: 'Content Type', format: enumLabel(CONTENT_TYPE) },
      { key: 'display_location', label: 'Display Location', format: enumLabel(DISPLAY_LOCATION) },
    ],
    banner: [
      { key: 'placement_page', label: 'Placement Page', format: enumLabel(BANNER_PLACEMENT_PAGE) },
      { key: 'banner_type', label: 'Banner Type', format: enumLabel(BANNER_TYPE) },
      { key: 'position', label: 'Position', format: 'number' },
    ],
    campaign: [],
    'push-message': [
      { key: 'message_kind', label: 'Message Kind', format: enumLabel(MESSAGE_KIND) },
      { key: 'message', label: 'Message' },
      { key: 'recurrence', label: 'Recurrence' },
      { key: 'send_time', label: 'Send Time' },
    ],
    'banner-digital-product': [
      { key: 'digital_product_type', label: 'Digital Product Type', format: enumLabel(DIGITAL_PRODUCT_TYPE) },
      { key: 'position', label: 'Position', format: 'number' },
    ],
  };
  return CONTENT_KINDS.map((kind) => ({
    def: resourceExport(contentDef(kind, clock), {
      name: `export_${kind.replaceAll('-', '_')}`,
      sheetName: CONTENT_PATH[kind],
      entries: [CONTENT_ENTRY[kind]],
      listQuery: contentListQuery,
      computed: () => sql`${displayedStatusSql(clock.now())} as displayed_status`,
      columns: [
        { key: 'id', label: 'ID', format: 'number' },
        { key: 'title', label: 'Title' },
        ...own[kind],
        ...(kind === 'campaign' ? [] : [{ key: 'campaign_title', label: 'Campaign' }]),
        { key: 'priority', label: 'Priority', format: 'number' },
        { key: 'start_at', label: 'Start (WIB)', format: 'datetime' },
        { key: 'end_at', label: 'End (WIB)', format: 'datetime' },
        status,
        { key: 'targeting', label: 'Targeting', format: enumLabel(TARGETING) },
        { key: 'member_scope', label: 'Member Scope', format: enumLabel(MEMBER_SCOPE) },
        { key: 'submitted_by_name', label: 'Submitted By' },
        { key: 'reviewed_by_name', label: 'Reviewed By' },
        ...CHANGED_COLUMNS,
      ],
    }),
    endpoint: CONTENT_KIND_API[kind].export,
  }));
}
