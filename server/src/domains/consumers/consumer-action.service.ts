import { sql } from 'drizzle-orm';
import {
  CONSUMER_TRANSITIONS,
  consumerActionRefusal,
  type ConsumerAction,
  type ConsumerDetail,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { staleVersion } from '../../platform/concurrency.ts';
import { conflict } from '../../platform/errors.ts';
import { composeMail, type Mailer } from '../../platform/mail.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { conflictOn } from '../../platform/crud/index.ts';
import type { ConsumerService } from './consumer.resource.ts';

/** Links in consumer e-mails stay valid this long. */
export const CONSUMER_LINK_HOURS = 24;

const ACTIVITY: Record<ConsumerAction, string> = {
  lock: 'Account locked',
  unlock: 'Account unlocked',
  withdraw: 'Withdrawn from the programme',
  unwithdraw: 'Reinstated in the programme',
  'link-card': 'Physical card linked',
  'unlink-card': 'Physical card unlinked',
  'resend-verification': 'Verification e-mail sent',
  'send-create-password': 'Create-password e-mail sent',
};

export interface ActionInput {
  reason: string;
  version: number;
  card_number?: string;
}

/**
 * The staff actions on a consumer. Each locks the row, checks the version the person saw (409 stale) and the state
 * (409 with the workflow's message), then writes the change, the consumer's activity entry and the audit entry (with
 * the reason) in one transaction. E-mails are sent after the commit, so a rolled-back action mails nothing.
 */
export class ConsumerActionService {
  constructor(
    private readonly db: Db,
    private readonly consumers: ConsumerService,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  async run(id: number, action: ConsumerAction, input: ActionInput, ctx: AuditContext): Promise<ConsumerDetail> {
    const pending: { mail?: { to: string; token: string } } = {};
    const after = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from consumers where id = ${id} for update`);
      const before = await this.consumers.get(id, tx);
      if (before.version !== input.version) throw staleVersion('consumer', before.updated_by_name, before.updated_at);
      const refusal = consumerActionRefusal(action, before);
      if (refusal) throw conflict(refusal);

      const changes = await this.changesOf(tx, action, input, ctx);
      if (changes.length) {
        changes.push(sql`version = version + 1`, sql`updated_at = ${ctx.now}`, sql`updated_by = ${ctx.actor?.userId ?? null}`);
        await tx.execute(sql`update consumers set ${sql.join(changes, sql`, `)} where id = ${id}`);
      }
      if (action === 'resend-verification' || action === 'send-create-password') {
        const token = newToken();
        const kind = action === 'resend-verification' ? 'verify-email' : 'create-password';
        // A new link voids the older ones of its kind.
        await tx.execute(sql`update consumer_tokens set used_at = ${ctx.now} where consumer_id = ${id} and kind = ${kind} and used_at is null`);
        await tx.execute(sql`insert into consumer_tokens (consumer_id, kind, token_hash, created_at, expires_at)
          values (${id}, ${kind}, ${hashToken(token)}, ${ctx.now}, ${new Date(ctx.now.getTime() + CONSUMER_LINK_HOURS * 3_600_000)})`);
        pending.mail = { to: before.email ?? '', token };
      }
      await tx.execute(sql`insert into consumer_activity (consumer_id, activity, description, actor_id, actor_name, at)
        values (${id}, ${action}, ${`${ACTIVITY[action]}: ${input.reason}`}, ${ctx.actor?.userId ?? null}, ${ctx.actor?.name ?? null}, ${ctx.now})`);
      const current = await this.consumers.get(id, tx);
      await writeAudit(tx, ctx, {
        action,
        entity: 'consumer',
        entityId: id,
        before: { status: before.status, physical_card_id: before.physical_card_id, version: before.version },
        after: { status: current.status, physical_card_id: current.physical_card_id, version: current.version, reason: input.reason },
      });
      return current;
    });
    if (pending.mail) await this.send(action, after, pending.mail);
    return after;
  }

  private async changesOf(tx: Tx, action: ConsumerAction, input: ActionInput, ctx: AuditContext) {
    const transition = CONSUMER_TRANSITIONS[action];
    const changes = transition ? [sql`status = ${transition.to}`] : [];
    if (action === 'lock') changes.push(sql`locked_at = ${ctx.now}`);
    if (action === 'unlock') changes.push(sql`locked_at = null`);
    if (action === 'withdraw') changes.push(sql`withdrawn_at = ${ctx.now}`);
    if (action === 'unwithdraw') changes.push(sql`withdrawn_at = null`, sql`locked_at = null`);
    if (action === 'link-card') {
      const card = input.card_number ?? '';
      const owner = await queryRows<{ id: number }>(tx, sql`select id from consumers where physical_card_id = ${card} or app_card_id = ${card} limit 1`);
      if (owner.length) throw conflictOn('card_number', `Card ${card} is already linked to another consumer`);
      changes.push(sql`physical_card_id = ${card}`);
    }
    if (action === 'unlink-card') changes.push(sql`physical_card_id = null`);
    return changes;
  }

  private async send(action: ConsumerAction, consumer: ConsumerDetail, mail: { to: string; token: string }): Promise<void> {
    const verify = action === 'resend-verification';
    const url = `${this.publicUrl}/app/${verify ? 'verify-email' : 'create-password'}?token=${encodeURIComponent(mail.token)}`;
    await this.mailer.send(
      composeMail(
        mail.to,
        verify ? 'Verify your e-mail address' : 'Create your password',
        [
          `Halo ${consumer.name},`,
          verify
            ? 'Please confirm that this e-mail address belongs to your loyalty account.'
            : 'Your loyalty account has no password yet. Create one to sign in to the app.',
          `The link is valid for ${CONSUMER_LINK_HOURS} hours.`,
        ],
        { label: verify ? 'Verify e-mail' : 'Create password', url },
      ),
    );
  }
}
