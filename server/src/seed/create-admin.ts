import readline from 'node:readline/promises';
import { eq } from 'drizzle-orm';
import { newPasswordField, userCreateBody } from '@portal/contract';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { roles, users } from '../db/schema/index.ts';
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
  let role = (await tx.select().from(roles).where(eq(roles.isSuper, true)).limit(1))[0];
  role ??= (await tx.insert(roles).values({ name: 'Super Admin', description: 'Full access; signs in with an e-mailed code', isSuper: true }).returning())[0];
  await tx.insert(users).values({ username: checked.data.username, email: checked.data.email, name: checked.data.name, roleId: role!.id, passwordHash: await hashSecret(password) });
});
console.log(`Super Admin ${checked.data.username} created.`);
await database.close();
