import { sql, type SQL } from 'drizzle-orm';
import {
  assigneeOption,
  HELP_CENTER_ENTRIES,
  ticketCategoryRow,
  ticketMessage,
  ticketRow,
  TICKET_STATUS,
  ticketAllows,
  type AssigneeOption,
  type TicketAction,
  type TicketAssign,
  type TicketBulkClose,
  type TicketCreate,
  type TicketDetail,
  type TicketListQuery,
  type TicketRow,
  type TicketShare,
  MESSAGE_SENDER,
  formatDateTime,
} from '@portal/contract';
import { daysBetween } from '../../platform/sql/day-range.ts';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { staleVersion } from '../../platform/concurrency.ts';
import { composeMail, type Mailer } from '../../platform/mail.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import { likePattern } from '../../platform/pagination.ts';
import { ResourceService, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { holdsRight } from '../../platform/user-rights.ts';

const SELECT = sql`select t.id, t.subject, t.status, t.consumer_id, co.name as consumer_name, t.category_id, tc.name as category_name,
  t.store_id, st.name as store_name, t.assign_to_user_id, au.name as assignee_name,
  (select count(*) from ticket_messages m where m.ticket_id = t.id)::int as message_count,
  t.last_message_at, t.solved_at, t.created_at, t.updated_at, ub.name as updated_by_name, t.version`;
const FROM = sql`from tickets t
  left join consumers co on co.id = t.consumer_id
  left join ticket_categories tc on tc.id = t.category_id
  left join stores st on st.id = t.store_id
  left join users au on au.id = t.assign_to_user_id
  left join users ub on ub.id = t.updated_by`;

const toRow = rowReader(ticketRow);
const toMessage = rowReader(ticketMessage);
const toCategoryOption = rowReader(ticketCategoryRow.pick({ id: true, name: true }));
const toAssigneeOption = rowReader(assigneeOption);

export const ticketDef: ResourceDef<TicketRow, TicketListQuery> = {
  entity: 'ticket',
  label: 'Ticket',
  table: 'tickets',
  select: SELECT,
  from: FROM,
  countFrom: () => sql`from tickets t`,
  id: 't.id',
  toRow,
  sort: { created_at: 't.created_at', last_message_at: 't.last_message_at', updated_at: 't.updated_at', status: 't.status' },
  // Subject by substring (trigram index); all digits also match the ticket number exactly.
  search: (pattern, text) =>
    /^\d{1,9}$/.test(text.trim()) ? sql`(t.id = ${Number(text.trim())} or lower(t.subject) like lower(${pattern}))` : sql`lower(t.subject) like lower(${pattern})`,
  where: (q) => [
    q.status ? sql`t.status = ${q.status}` : undefined,
    q.category_id ? sql`t.category_id = ${q.category_id}` : undefined,
    q.assign_to_user_id ? sql`t.assign_to_user_id = ${q.assign_to_user_id}` : undefined,
    q.store_id ? sql`t.store_id = ${q.store_id}` : undefined,
    q.consumer_id ? sql`t.consumer_id = ${q.consumer_id}` : undefined,
    ...daysBetween('t.created_at', q.created_at_from, q.created_at_to),
  ],
  writable: [],
  auditView: ({ updated_by_name: _u, consumer_name: _c, category_name: _k, store_name: _s, assignee_name: _a, message_count: _m, ...rest }) => rest,
};

/** Who wrote a message: the consumer (through the app) or an agent. */
export type Writer = { kind: 'consumer' } | { kind: 'staff'; userId: number | null };

/**
 * Tickets: the generic list and detail, and the help desk's actions, each in one transaction with its audit entry: create
 * (by an agent or by the consumer through the app), reply, assign, close singly and in bulk, mark read. Every action
 * locks the row, checks the version the agent saw (409 stale) and the state (409 from Solved).
 */
export class TicketService extends ResourceService<TicketRow, TicketListQuery> {
  constructor(db: Db) {
    super(ticketDef, db);
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<TicketDetail> {
    const row = await super.get(id, tx);
    const messages = await queryRows(
      tx,
      sql`select m.id, m.sender, u.name as user_name, m.body, m.created_at from ticket_messages m left join users u on u.id = m.user_id
          where m.ticket_id = ${row.id} order by m.id`,
    );
    return {
      ...row,
      messages: messages.map(toMessage),
    };
  }

  /** A ticket and its first message; `consumer` when the consumer wrote it through the app. */
  async open(body: TicketCreate, ctx: AuditContext, writer: Writer): Promise<TicketDetail> {
    return this.db.transaction(async (tx) => {
      await this.requireRef(tx, 'consumers', body.consumer_id, 'consumer_id', 'Consumer');
      await this.requireRef(tx, 'ticket_categories', body.category_id, 'category_id', 'Ticket category');
      if (body.store_id) await this.requireRef(tx, 'stores', body.store_id, 'store_id', 'Store');
      const actor = writer.kind === 'staff' ? writer.userId : null;
      const inserted = await queryRows<{ id: number }>(
        tx,
        sql`insert into tickets (consumer_id, category_id, store_id, subject, status, source, last_message_at, created_at, updated_at, created_by, updated_by)
            values (${body.consumer_id}, ${body.category_id}, ${body.store_id ?? null}, ${body.subject}, 1, ${writer.kind === 'staff' ? 'portal' : 'app'},
                    ${ctx.now.toISOString()}, ${ctx.now.toISOString()}, ${ctx.now.toISOString()}, ${actor}, ${actor}) returning id`,
      );
      const id = Number(inserted[0]?.id);
      await this.addMessage(tx, id, writer, body.message, ctx.now);
      const after = await this.get(id, tx);
      await writeAudit(tx, ctx, { action: 'create', entity: 'ticket', entityId: id, after: this.auditView(after) });
      return after;
    });
  }

  /** An agent's answer: the ticket moves to Unsolved (answered, not yet solved). */
  async reply(id: number, body: { message: string; version: number }, ctx: AuditContext): Promise<TicketDetail> {
    return this.act(id, body.version, 'reply', ctx, async (tx) => {
      await this.addMessage(tx, id, { kind: 'staff', userId: ctx.actor?.userId ?? null }, body.message, ctx.now);
      return sql`status = 3, last_message_at = ${ctx.now.toISOString()}`;
    });
  }

  async assign(id: number, body: TicketAssign, ctx: AuditContext): Promise<TicketDetail> {
    return this.act(id, body.version, 'assign', ctx, async (tx) => {
      await this.requireAssignee(tx, body.assign_to_user_id);
      return sql`assign_to_user_id = ${body.assign_to_user_id}`;
    });
  }

  async close(id: number, version: number, ctx: AuditContext, tx?: Tx): Promise<TicketDetail> {
    return this.act(id, version, 'close', ctx, async () => sql`status = 4, solved_at = ${ctx.now.toISOString()}, solved_by = ${ctx.actor?.userId ?? null}`, tx);
  }

  /** All or none: a ticket that cannot be closed rolls the batch back and the answer names it. */
  async bulkClose(body: TicketBulkClose, ctx: AuditContext): Promise<TicketDetail[]> {
    const ids = body.items.map((i) => i.id);
    if (new Set(ids).size !== ids.length) throw badRequest('A ticket is listed twice', [{ path: 'items', message: 'A ticket is listed twice' }]);
    return this.db.transaction(async (tx) => {
      const done: TicketDetail[] = [];
      for (const [n, item] of body.items.entries()) {
        try {
          done.push(await this.close(item.id, item.version, ctx, tx));
        } catch (err) {
          if (err instanceof AppError) throw new AppError(err.status, err.code, `Item ${n + 1} (ticket ${item.id}): ${err.message}`, err.details);
          throw err;
        }
      }
      return done;
    });
  }

  /** E-mails the ticket and its conversation; the audit entry says to whom (written before the mail leaves). */
  async share(id: number, body: TicketShare, ctx: AuditContext, mailer: Mailer): Promise<void> {
    const ticket = await this.db.transaction(async (tx) => {
      const t = await this.get(id, tx);
      await writeAudit(tx, ctx, { action: 'share', entity: 'ticket', entityId: id, after: { to: body.email } });
      return t;
    });
    const who = (m: TicketDetail['messages'][number]) => (m.sender === 1 ? (ticket.consumer_name ?? MESSAGE_SENDER.label(1)) : (m.user_name ?? MESSAGE_SENDER.label(2)));
    await mailer.send(
      composeMail(body.email, `Ticket #${ticket.id}: ${ticket.subject}`, [
        ...(body.note ? [body.note] : []),
        `Ticket #${ticket.id} from ${ticket.consumer_name ?? 'a consumer'}, ${TICKET_STATUS.label(ticket.status as 1)}, category ${ticket.category_name ?? '-'}, store ${ticket.store_name ?? '-'}, opened ${formatDateTime(ticket.created_at)} (Asia/Jakarta).`,
        ...ticket.messages.map((m) => `${who(m)}, ${formatDateTime(m.created_at)}: ${m.body}`),
        `Shared by ${ctx.actor?.name ?? 'the help desk'}.`,
      ]),
    );
  }

  /** Opening an Unread ticket marks it Read; any other state is left as it is. */
  async markRead(id: number, ctx: AuditContext): Promise<TicketDetail> {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, id);
      if (before.status !== 1) return before;
      await tx.execute(sql`update tickets set status = 2, version = version + 1, updated_at = ${ctx.now.toISOString()}, updated_by = ${ctx.actor?.userId ?? null} where id = ${id}`);
      const after = await this.get(id, tx);
      await writeAudit(tx, ctx, { action: 'read', entity: 'ticket', entityId: id, before: this.auditView(before), after: this.auditView(after) });
      return after;
    });
  }

  async categoryOptions(): Promise<{ id: number; name: string }[]> {
    const rows = await queryRows(this.db, sql`select id, name from ticket_categories where status = 1 order by position, id limit 1000`);
    return rows.map(toCategoryOption);
  }

  /** Users who may be given tickets: active, in an active role holding Help Center edit (or Super Admin). */
  async assigneeOptions(search: string | undefined, limit: number, tx: Db | Tx = this.db): Promise<AssigneeOption[]> {
    const rows = await queryRows(
      tx,
      sql`select u.id, u.username, u.name, u.email from users u
          where ${holdsRight(sql`u.id`, HELP_CENTER_ENTRIES[0], 'edit')}
            ${search ? sql`and (u.username ilike ${likePattern(search)} or u.name ilike ${likePattern(search)} or u.email ilike ${likePattern(search)})` : sql``}
          order by u.name, u.id limit ${limit}`,
    );
    return rows.map(toAssigneeOption);
  }

  private async act(id: number, version: number, action: TicketAction, ctx: AuditContext, change: (tx: Tx) => Promise<SQL>, outer?: Tx): Promise<TicketDetail> {
    const run = async (tx: Tx) => {
      const before = await this.lock(tx, id);
      if (before.version !== version) throw staleVersion('ticket', before.updated_by_name, before.updated_at);
      if (!ticketAllows(action, before.status)) {
        throw conflict(`This ticket is ${TICKET_STATUS.label(before.status as 1)} and cannot be ${action === 'reply' ? 'answered' : action === 'assign' ? 'assigned' : 'closed'}`);
      }
      const set = await change(tx);
      await tx.execute(sql`update tickets set ${set}, version = version + 1, updated_at = ${ctx.now.toISOString()}, updated_by = ${ctx.actor?.userId ?? null} where id = ${id}`);
      const after = await this.get(id, tx);
      await writeAudit(tx, ctx, { action, entity: 'ticket', entityId: id, before: this.auditView(before), after: this.auditView(after) });
      return after;
    };
    return outer ? run(outer) : this.db.transaction(run);
  }

  private async lock(tx: Tx, id: number): Promise<TicketDetail> {
    await tx.execute(sql`select id from tickets where id = ${id} for update`);
    return this.get(id, tx);
  }

  async addMessage(tx: Tx, ticketId: number, writer: Writer, body: string, at: Date): Promise<void> {
    await tx.execute(
      sql`insert into ticket_messages (ticket_id, sender, user_id, body, created_at)
          values (${ticketId}, ${writer.kind === 'consumer' ? 1 : 2}, ${writer.kind === 'staff' ? writer.userId : null}, ${body}, ${at.toISOString()})`,
    );
  }

  private async requireRef(tx: Tx, table: string, id: number, field: string, label: string): Promise<void> {
    const found = await queryRows(tx, sql`select 1 from ${sql.identifier(table)} where id = ${id} limit 1`);
    if (!found.length) throw badRequest(`${label} ${id} does not exist`, [{ path: field, message: `${label} does not exist` }]);
  }

  private async requireAssignee(tx: Tx, userId: number): Promise<void> {
    const [row] = await queryRows<{ ok: boolean }>(tx, sql`select ${holdsRight(userId, HELP_CENTER_ENTRIES[0], 'edit')} as ok`);
    if (!row?.ok) throw badRequest('This user cannot handle help-center tickets', [{ path: 'assign_to_user_id', message: 'This user cannot handle help-center tickets' }]);
  }
}
