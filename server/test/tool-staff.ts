import type { Action } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-identity.ts';
import type { Harness } from './harness.ts';
import { createStaff } from './staff.ts';

/** The people an operator tool's test needs: one who may use the tool, one who may only look, and a signed-in consumer. */
export interface ToolPeople {
  /** View and edit on the tool's entry (and any extra grants). */
  editor: string;
  /** View only. */
  looker: string;
  /** An active demo consumer's app token, to place orders. */
  consumer: string;
}

export async function toolPeople(h: Harness, entry: string, prefix: string, extra: readonly { entry: string; action: Action }[] = []): Promise<ToolPeople> {
  const db = h.testDb.database.db;
  await createStaff(db, `${prefix}.editor`, [{ entry, action: 'view' }, { entry, action: 'edit' }, ...extra]);
  await createStaff(db, `${prefix}.looker`, [{ entry, action: 'view' }]);
  const [person] = await queryRows<{ phone: string }>(db, sql`select phone from consumers where status = 1 order by id limit 1`);
  if (!person) throw new Error('the demo data has no active consumer');
  return {
    editor: await h.tokenOf(`${prefix}.editor`),
    looker: await h.tokenOf(`${prefix}.looker`),
    consumer: (await h.consumerAuth.signIn(person.phone, DEMO_PASSWORD)).token,
  };
}
