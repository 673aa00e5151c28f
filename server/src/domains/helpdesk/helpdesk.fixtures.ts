import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { hashSecret } from '../../platform/tokens.ts';

/** Tests only: a consumer of its own (a unique phone 6289…) who can sign in to the consumer API with `password`. */
export async function createAppConsumer(db: Db, name: string, password: string, status = 1): Promise<{ id: number; phone: string }> {
  const n = crypto.randomInt(10_000_000, 99_999_999);
  const phone = `62899${n}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into consumers (name, phone, gender, app_card_id, status) values (${name}, ${phone}, 1, ${`7700${n}${crypto.randomInt(1000, 9999)}`}, ${status}) returning id`,
  );
  const id = Number(rows[0]?.id);
  await db.execute(sql`insert into consumer_credentials (consumer_id, password_hash) values (${id}, ${await hashSecret(password)})`);
  return { id, phone };
}

/** Tests only: any ticket category id (the master-data seed has some). */
export async function anyTicketCategory(db: Db): Promise<number> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from ticket_categories order by id limit 1`);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no ticket category seeded');
  return Number(id);
}
