import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from '@portal/contract';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { queryRows } from '../db/client.ts';
import { maskEmailSql, maskPhoneSql } from './personal-data.ts';

const PHONES = [null, '', '1', '1234567', '12345678', '6281234567890', '+6281234567890', '0812-3456-789', 'ñandú12345'];
const EMAILS = [null, '', 'x', '@', '@example.com', 'a@b', 'ab@c.id', 'abc@d.id', 'budi.santoso@gmail.com', 'a@b@c.id', '@@x.id', 'ab@@c.id', 'abc@d@e.id', 'nama.panjang+tag@sub.example.co.id', 'ünï@cödé.id', 'no-at-sign'];

describe('personal data masked by the database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t?.drop());

  it('masks phones and e-mail addresses exactly as the contract does', async () => {
    const masked = async (values: readonly (string | null)[], mask: typeof maskPhoneSql) => {
      const rows = await queryRows<{ m: string | null }>(
        t.database.db,
        sql`select ${mask(sql`v.x`)} as m from (values ${sql.join(values.map((v, i) => sql`(${i}::int, ${v}::text)`), sql`, `)}) v(i, x) order by v.i`,
      );
      return rows.map((r) => r.m);
    };
    expect(await masked(PHONES, maskPhoneSql)).toEqual(PHONES.map(maskPhone));
    expect(await masked(EMAILS, maskEmailSql)).toEqual(EMAILS.map(maskEmail));
  });
});
