import { sql } from 'drizzle-orm';
import { formatDateTime, type PushTestSend } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { composeMail, type Mailer } from '../../platform/mail.ts';
import type { ContentWorkflowService } from './content-workflow.service.ts';

/**
 * The test send of a push message: the message as the phone would show it, e-mailed to a few staff members. Only
 * addresses of active portal users are accepted (400 naming the others), so the portal never mails outsiders.
 */
export class PushTestSendService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly workflow: ContentWorkflowService,
  ) {}

  async send(id: number, body: PushTestSend, ctx: AuditContext): Promise<{ sent: number }> {
    const item = await this.workflow.get(id, 'push-message');
    const staff = await queryRows<{ email: string }>(
      this.db,
      sql`select lower(email) as email from users where deleted_at is null and status = 1 and lower(email) in (${sql.join(body.emails.map((e) => sql`${e}`), sql`, `)})`,
    );
    const known = new Set(staff.map((s) => String(s.email)));
    const outsiders = body.emails.filter((e) => !known.has(e));
    if (outsiders.length) {
      const message = `Not a portal user: ${outsiders.join(', ')}`;
      throw badRequest(message, [{ path: 'emails', message }]);
    }
    for (const to of body.emails) {
      await this.mailer.send(
        composeMail(to, `[Test] Push message: ${item.title}`, [
          `This is a test of a push message, sent by ${ctx.actor?.name ?? 'the portal'}. Consumers have not received it.`,
          item.title,
          item.message ?? '',
          `Period: ${formatDateTime(item.start_at)} to ${formatDateTime(item.end_at)} (Asia/Jakarta)${item.recurrence ? `, ${item.recurrence} at ${item.send_time}` : ''}.`,
        ]),
      );
    }
    await this.db.transaction((tx) => writeAudit(tx, ctx, { action: 'test-send', entity: 'push-message', entityId: id, after: { emails: body.emails } }));
    return { sent: body.emails.length };
  }
}
