import { sql } from 'drizzle-orm';
import { chatMessage, chatRow, type ChatDetail, type ChatListQuery, type ChatMessage, type ChatReply, type ChatRow } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { ResourceService, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const toRow = rowReader(chatRow);

export const chatDef: ResourceDef<ChatRow, ChatListQuery> = {
  entity: 'chat',
  label: 'Chat',
  table: 'chats',
  select: sql`select ch.id, ch.consumer_id, co.name as consumer_name, ch.status, ch.last_message, ch.last_sender, ch.last_message_at,
    ch.created_at, ch.updated_at, ub.name as updated_by_name, ch.version`,
  from: sql`from chats ch left join consumers co on co.id = ch.consumer_id left join users ub on ub.id = ch.updated_by`,
  countFrom: () => sql`from chats ch`,
  id: 'ch.id',
  toRow,
  sort: { last_message_at: 'ch.last_message_at', created_at: 'ch.created_at' },
  where: (q) => [q.status ? sql`ch.status = ${q.status}` : undefined, q.consumer_id ? sql`ch.consumer_id = ${q.consumer_id}` : undefined],
  writable: [],
};

const toMessage = rowReader(chatMessage);

const PREVIEW = 200;

const MESSAGE_SELECT = sql`select m.id, m.chat_id, m.sender, u.name as user_name, m.template_id, m.body, m.created_at
  from chat_messages m left join users u on u.id = m.user_id`;

/**
 * Live chat: one conversation per consumer. A consumer's message makes the chat Unread (status 1); an agent opening it
 * makes it Read (2). The database announces each new message and each change of the unread count at commit
 * (migration 0052), and every instance's `ChatEvents` passes them on to its open streams.
 */
export class ChatService extends ResourceService<ChatRow, ChatListQuery> {
  constructor(db: Db) {
    super(chatDef, db);
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<ChatDetail> {
    const row = await super.get(id, tx);
    return { ...row, messages: await this.messages(row.id, 0, tx) };
  }

  async messages(chatId: number, afterId = 0, tx: Db | Tx = this.db): Promise<ChatMessage[]> {
    const rows = await queryRows(
      tx,
      sql`${MESSAGE_SELECT} where m.chat_id = ${chatId} and m.id > ${afterId} order by m.id limit 500`,
    );
    return rows.map(toMessage);
  }

  /** One message, as a stream sends it. */
  async message(id: number, tx: Db | Tx = this.db): Promise<ChatMessage | undefined> {
    const rows = await queryRows(
      tx,
      sql`${MESSAGE_SELECT} where m.id = ${id}`,
    );
    return rows[0] ? toMessage(rows[0]) : undefined;
  }

  async unreadCount(tx: Db | Tx = this.db): Promise<number> {
    const r = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from chats where status = 1`);
    return Number(r[0]?.n ?? 0);
  }

  /** The consumer's chat, created on first use. */
  async openFor(consumerId: number, now: Date): Promise<ChatDetail> {
    const found = await queryRows<{ id: number }>(this.db, sql`select id from chats where consumer_id = ${consumerId}`);
    if (found[0]) return this.get(Number(found[0].id));
    await this.db.execute(
      sql`insert into chats (consumer_id, status, last_message_at, created_at, updated_at) values (${consumerId}, 2, ${now.toISOString()}, ${now.toISOString()}, ${now.toISOString()})
          on conflict (consumer_id) do nothing`,
    );
    const again = await queryRows<{ id: number }>(this.db, sql`select id from chats where consumer_id = ${consumerId}`);
    return this.get(Number(again[0]?.id));
  }

  /** A consumer writes: the chat becomes Unread and the agents' streams hear of it. */
  async consumerWrites(consumerId: number, text: string, now: Date): Promise<ChatMessage> {
    const chat = await this.openFor(consumerId, now);
    const message = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select id from chats where id = ${chat.id} for update`);
      const m = await this.insertMessage(tx, chat.id, 1, null, null, text, now);
      await tx.execute(
        sql`update chats set status = 1, last_message = ${text.slice(0, PREVIEW)}, last_sender = 1, last_message_at = ${now.toISOString()},
            updated_at = ${now.toISOString()}, version = version + 1 where id = ${chat.id}`,
      );
      return m;
    });
    return message;
  }

  /** An agent answers, with its own text or a template's; the chat counts as read by whoever answered it. */
  async reply(chatId: number, body: ChatReply, ctx: AuditContext): Promise<ChatMessage> {
    const message = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select id from chats where id = ${chatId} for update`);
      await this.get(chatId, tx);
      let text = body.message;
      if (body.template_id !== undefined) {
        const t = await queryRows<{ body: string }>(tx, sql`select body from message_templates where id = ${body.template_id} and status = 1`);
        if (!t[0]) throw badRequest('This message template does not exist or is inactive', [{ path: 'template_id', message: 'Message template does not exist or is inactive' }]);
        text ??= String(t[0].body);
      }
      const m = await this.insertMessage(tx, chatId, 2, ctx.actor?.userId ?? null, body.template_id ?? null, text ?? '', ctx.now);
      await tx.execute(
        sql`update chats set status = 2, last_message = ${(text ?? '').slice(0, PREVIEW)}, last_sender = 2, last_message_at = ${ctx.now.toISOString()},
            updated_at = ${ctx.now.toISOString()}, updated_by = ${ctx.actor?.userId ?? null}, version = version + 1 where id = ${chatId}`,
      );
      await writeAudit(tx, ctx, { action: 'reply', entity: 'chat', entityId: chatId, after: { message_id: m.id, template_id: m.template_id, body: m.body } });
      return m;
    });
    return message;
  }

  /** An agent opened the chat: Unread becomes Read (not audited: reading is not a change of the conversation). */
  async markRead(chatId: number, ctx: AuditContext): Promise<ChatDetail> {
    const before = await this.get(chatId);
    if (before.status !== 1) return before;
    await this.db.execute(sql`update chats set status = 2, updated_at = ${ctx.now.toISOString()}, updated_by = ${ctx.actor?.userId ?? null}, version = version + 1 where id = ${chatId} and status = 1`);
    return this.get(chatId);
  }

  private async insertMessage(tx: Tx, chatId: number, sender: 1 | 2, userId: number | null, templateId: number | null, text: string, now: Date): Promise<ChatMessage> {
    const rows = await queryRows(
      tx,
      sql`insert into chat_messages (chat_id, sender, user_id, template_id, body, created_at)
          values (${chatId}, ${sender}, ${userId}, ${templateId}, ${text}, ${now.toISOString()}) returning id`,
    );
    const message = await this.message(Number(rows[0]?.id), tx);
    if (!message) throw new Error('the message just inserted was not found');
    return message;
  }
}
