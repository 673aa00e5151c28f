import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

/**
 * How a ranking orders its rows: `by` the measure's column (from a schema's enumeration, never user text), `order`
 * desc for the top first, asc for the bottom.
 */
export interface RankBy {
  by: string;
  order: 'asc' | 'desc';
}

/** A ranking query's order and page, ranked by the column `by`. */
export const rankBy = (by: string, q: { order: 'asc' | 'desc'; page: number; limit: number }) => ({ by, order: q.order, page: q.page, limit: q.limit });

/** What a ranking carries from the period before: each output column (`previous_value`) and the measure it reads. */
export type Carried = Record<string, string>;

const dirOf = (r: RankBy) => sql.raw(r.order === 'asc' ? 'asc' : 'desc');

/** `current`'s rows with their dense rank by the measure (equal values share a rank) and how many rows there are. */
export const ranked = (r: RankBy, current: SQL): SQL =>
  sql`select cur.*, dense_rank() over (order by cur.${sql.raw(r.by)} ${dirOf(r)}) as rank, count(*) over () as total from (${current}) cur`;

const carriedColumns = (carried: Carried, from: string) =>
  sql.join(
    Object.entries(carried).map(([as, column]) => sql`coalesce(${sql.raw(`${from}.${column}`)}, 0) as ${sql.raw(as)}`),
    sql`, `,
  );

/** Every row of the ranking with the figures `carried` from `previous` (the same relation over the period before): what an export writes. */
export const rankingWithPrevious = (r: RankBy, current: SQL, previous: SQL, key: string, carried: Carried): SQL =>
  sql`select x.*, ${carriedColumns(carried, 'prev')} from (${ranked(r, current)}) x left join (${previous}) prev on prev.${sql.raw(key)} = x.${sql.raw(key)}`;

/**
 * One page of the ranking (by rank, then `key`), with the figures `carried` from the period before read for the page's
 * rows only: `previous` is given the relation of the page's keys. What `rankingWithPrevious` answers for the page,
 * without figuring the period before for every row.
 */
export function rankedPage(db: Db, r: RankBy & { page: number; limit: number }, current: SQL, previous: (keys: SQL) => SQL, key: string, carried: Carried) {
  const k = sql.raw(key);
  return queryRows(
    db,
    sql`with ranked as (${ranked(r, current)}),
        pick as (select * from ranked order by rank, ${k} limit ${r.limit} offset ${(r.page - 1) * r.limit}),
        prev as (${previous(sql`select ${k} from pick`)})
      select pick.*, ${carriedColumns(carried, 'prev')} from pick left join prev on prev.${k} = pick.${k} order by pick.rank, pick.${k}`,
  );
}
