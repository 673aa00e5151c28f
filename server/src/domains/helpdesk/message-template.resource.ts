import { sql } from 'drizzle-orm';
import { messageTemplateRow, messageTemplateUpdateBody, type MessageTemplateListQuery, type MessageTemplateRow } from '@portal/contract';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import type { Db } from '../../db/client.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

export const messageTemplateDef: ResourceDef<MessageTemplateRow, MessageTemplateListQuery> = {
  entity: 'message-template',
  label: 'Message template',
  table: 'message_templates',
  select: sql`select mt.id, mt.title, mt.body, mt.status, mt.created_at, mt.updated_at, ub.name as updated_by_name, mt.version`,
  from: sql`from message_templates mt left join users ub on ub.id = mt.updated_by`,
  countFrom: () => sql`from message_templates mt`,
  id: 'mt.id',
  toRow: rowReader(messageTemplateRow),
  sort: { title: 'lower(mt.title)', updated_at: 'mt.updated_at', created_at: 'mt.created_at' },
  search: (pattern) => sql`(lower(mt.title) like lower(${pattern}) or lower(mt.body) like lower(${pattern}))`,
  where: (q) => [q.status ? sql`mt.status = ${q.status}` : undefined],
  writable: writableColumns([messageTemplateUpdateBody]),
  auditView: ({ updated_by_name: _u, ...rest }) => rest,
  allLimit: 1000,
};

export const messageTemplateService = (db: Db) => new ResourceService(messageTemplateDef, db);
