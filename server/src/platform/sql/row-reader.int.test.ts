import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDateTime } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { rowReader } from './row-reader.ts';

// The driver in use (PGlite, or PostgreSQL with TEST_DATABASE_URL) answers these types in its own forms.
describe('rowReader on what the database answers', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('reads every column type a row holds', async () => {
    const read = rowReader(
      z.object({
        id: z.number().int(),
        big: z.number().int(),
        amount: z.number(),
        total: z.number().int(),
        yes: z.boolean(),
        at: isoDateTime,
        never: isoDateTime.nullable(),
        day: z.string(),
        ids: z.array(z.number().int()),
        codes: z.array(z.string()),
        doc: z.object({ n: z.number(), at: isoDateTime }),
        docs: z.array(z.object({ id: z.number().int(), at: isoDateTime })),
      }),
    );
    const [r] = await queryRows(
      t.database.db,
      sql`select 7::int as id, 9007199254740991::bigint as big, 12500.50::numeric(12,2) as amount, count(*) as total, true as yes,
        '2025-01-31 10:04:05.678912+07'::timestamptz as at, null::timestamptz as never, '2025-01-31'::date::text as day,
        array[1, 2]::bigint[] as ids, array['31', '32']::text[] as codes,
        json_build_object('n', 1.5, 'at', '2025-01-31 03:04:05+00'::timestamptz) as doc,
        (select json_agg(json_build_object('id', g, 'at', '2025-02-01 00:00:00+07'::timestamptz) order by g) from generate_series(1, 2) g) as docs
        from generate_series(1, 3)`,
    );
    expect(read(r ?? {})).toStrictEqual({
      id: 7,
      big: 9007199254740991,
      amount: 12500.5,
      total: 3,
      yes: true,
      at: '2025-01-31T03:04:05.678Z',
      never: null,
      day: '2025-01-31',
      ids: [1, 2],
      codes: ['31', '32'],
      doc: { n: 1.5, at: '2025-01-31T03:04:05.000Z' },
      docs: [
        { id: 1, at: '2025-01-31T17:00:00.000Z' },
        { id: 2, at: '2025-01-31T17:00:00.000Z' },
      ],
    });
  });
});
