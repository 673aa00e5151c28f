import { sql } from 'drizzle-orm';
import { ratingRow, type RatingListQuery, type RatingRow } from '@portal/contract';
import { daysBetween } from '../../platform/sql/day-range.ts';
import { ResourceService, type ResourceDef } from '../../platform/crud/index.ts';
import type { Db } from '../../db/client.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

/** Ratings are read-only in the portal (the Rating entry offers view and export); consumers give them in the app. */
export const ratingDef: ResourceDef<RatingRow, RatingListQuery> = {
  entity: 'rating',
  label: 'Rating',
  table: 'ratings',
  select: sql`select ra.id, ra.consumer_id, co.name as consumer_name, ra.ticket_id, ra.chat_id, ra.score, ra.comment, ra.created_at, ra.updated_at,
    null::text as updated_by_name, ra.version`,
  from: sql`from ratings ra left join consumers co on co.id = ra.consumer_id`,
  countFrom: () => sql`from ratings ra`,
  id: 'ra.id',
  toRow: rowReader(ratingRow),
  sort: { created_at: 'ra.created_at', score: 'ra.score' },
  where: (q) => [
    q.score ? sql`ra.score = ${q.score}` : undefined,
    q.consumer_id ? sql`ra.consumer_id = ${q.consumer_id}` : undefined,
    ...daysBetween('ra.created_at', q.created_at_from, q.created_at_to),
  ],
  writable: [],
};

export const ratingService = (db: Db) => new ResourceService(ratingDef, db);
