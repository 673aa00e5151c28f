import readline from 'node:readline/promises';
import { sql } from 'drizzle-orm';
import { newPasswordField, userCreateBody } from '@portal/contract';
import { loadConfig } from '../config.ts';
import { openDatabase, queryRows } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { hashSecret } from '../platform/tokens.ts';

/** Makes the first Super Admin of a production database, asking on the terminal. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(database);
const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
const username = (await rl.question('Username: ')).trim();
const email = (await rl.question('E-mail (receives the sign-in codes): ')).trim();
const name = (await rl.question('Full name: ')).trim();
const password = await rl.question('Password (8+ characters, letters and a digit or symbol): ');
rl.close();

const checked = userCreateBody.safeParse({ username, email, name, role_id: 1, password });
const pw = newPasswordField.safeParse(password);
if (!checked.success || !pw.success) {
  console.error((checked.error ?? pw.error)?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(1);
}
const db = database.db;
await db.transaction(async (tx) => {
  let role = (await queryRows<{ id: number }>(tx, sql`select id from roles where is_super limit 1`))[0];
  role ??= (
    await queryRows<{ id: number }>(
      tx,
      sql`insert into roles (name, description, is_super) values ('Super Admin', 'Full access; signs in with an e-mailed code', true) returning id`,
    )
  )[0];
  await tx.execute(
    sql`insert into users (username, email, name, role_id, password_hash)
        values (${checked.data.username}, ${checked.data.email}, ${checked.data.name}, ${role!.id}, ${await hashSecret(password)})`,
  );
});
console.log(`Super Admin ${checked.data.username} created.`);
await database.close();
