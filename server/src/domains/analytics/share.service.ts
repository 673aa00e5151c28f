import { sql } from 'drizzle-orm';
import { MENU_BY_KEY, can, previewHref, type AnalyticsShareBody, type AnalyticsShareResult, type PermissionSet, type ShareRecipient } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { forbidden, unprocessable } from '../../platform/errors.ts';
import { composeMail, type Mailer } from '../../platform/mail.ts';
import { likePattern } from '../../platform/pagination.ts';
import { holdsRight } from '../../platform/user-rights.ts';

const RECIPIENT_OPTIONS = 20;

/**
 * A dashboard or report shared by e-mail: a link to the same screen with the same filters, which opens only for a
 * colleague whose role opens the screen (the others are listed back, not mailed), and optionally a link that exports
 * it: the file is made when the colleague opens it, under their own rights and masking, so no figures or personal
 * data travel in the mail itself. The share is audited with its address and recipients.
 */
export class AnalyticsShareService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  /** Active colleagues whose role opens the entry, for the share dialog. */
  async recipients(entry: string, search: string | undefined): Promise<ShareRecipient[]> {
    const rows = await queryRows<{ id: number; name: string; username: string }>(
      this.db,
      sql`select u.id, u.name, u.username from users u where ${holdsRight(sql`u.id`, entry, 'view')}
        ${search ? sql`and (u.name ilike ${likePattern(search)} or u.username ilike ${likePattern(search)})` : sql``}
        order by u.name, u.id limit ${RECIPIENT_OPTIONS}`,
    );
    return rows.map((r) => ({ user_id: Number(r.id), name: r.name, username: r.username }));
  }

  async share(body: AnalyticsShareBody, perms: PermissionSet, ctx: AuditContext): Promise<AnalyticsShareResult> {
    if (!can(perms, body.entry, 'view')) throw forbidden('You can only share a screen you can open yourself.');
    if (body.with_export && !can(perms, body.entry, 'export')) throw forbidden('You can only share the export of a screen you may export yourself.');
    const people = await queryRows<{ id: number; name: string; email: string; active: boolean; opens: boolean; exports: boolean }>(
      this.db,
      sql`select u.id, u.name, u.email, (u.deleted_at is null and u.status = 1) as active, ${holdsRight(sql`u.id`, body.entry, 'view')} as opens,
          ${holdsRight(sql`u.id`, body.entry, 'export')} as exports
        from users u where u.id in (select json_array_elements_text(${JSON.stringify(body.recipient_ids)}::json)::int)`,
    );
    const unknown = body.recipient_ids.filter((id) => !people.some((p) => Number(p.id) === id));
    if (unknown.length) throw unprocessable(`No colleague has the id ${unknown.join(', ')}`);
    const result: AnalyticsShareResult = { sent: [], skipped: [] };
    for (const p of people) {
      const who = { user_id: Number(p.id), name: p.name };
      if (!p.active) result.skipped.push({ ...who, reason: 'inactive' });
      else if (!p.opens) result.skipped.push({ ...who, reason: 'no-access' });
      else result.sent.push(who);
    }
    const label = MENU_BY_KEY.get(body.entry)?.label ?? body.entry;
    const url = `${this.publicUrl}${body.path}`;
    const exportUrl = `${url}${body.path.includes('?') ? '&' : '?'}export=xlsx`;
    // The same view laid out for paper (a dashboard's or report's print preview), where the screen has one.
    const preview = previewHref(body.path);
    await this.db.transaction(async (tx) => {
      await writeAudit(tx, ctx, {
        action: 'share',
        entity: 'analytics-view',
        after: { entry: body.entry, path: body.path, with_export: body.with_export, to: result.sent.map((s) => s.user_id), skipped: result.skipped.map((s) => s.user_id) },
      });
      for (const p of people.filter((x) => result.sent.some((s) => s.user_id === Number(x.id)))) {
        const paragraphs = [
          `${ctx.actor?.name ?? 'A colleague'} shared the ${label} with you, with the period and filters they were looking at.`,
          ...(body.note ? [`“${body.note}”`] : []),
          ...(body.with_export && p.exports ? [`Its export, made for you when you open this link: ${exportUrl}`] : []),
          ...(preview ? [`To print it or save it as a PDF, open its print preview: ${this.publicUrl}${preview}`] : []),
          'The link opens after you sign in to the portal.',
        ];
        await this.mailer.send(composeMail(p.email, `${ctx.actor?.name ?? 'A colleague'} shared ${label} with you`, paragraphs, { label: `Open ${label}`, url }), tx);
      }
    });
    return result;
  }
}
