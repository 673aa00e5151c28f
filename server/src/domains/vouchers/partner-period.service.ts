import { sql } from 'drizzle-orm';
import { formatDate, type PartnerDetail, type partnerPeriodBody } from '@portal/contract';
import type { z } from 'zod';
import { queryRows, type Db } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { conflictOn } from '../../platform/crud/index.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { PartnerService } from './partner.resource.ts';

type PeriodBody = z.output<typeof partnerPeriodBody>;

/**
 * A partner's cooperation periods: each the agreement signed with the client and the days it runs. Periods of one
 * partner never overlap (one agreement governs a client on any day) and an agreement is recorded once; the partner's row
 * is locked while a period is added, so two added at once cannot both pass the check.
 */
export class PartnerPeriodService {
  constructor(
    private readonly db: Db,
    private readonly partners: PartnerService,
  ) {}

  async add(partnerId: number, body: PeriodBody, ctx: AuditContext): Promise<PartnerDetail> {
    return this.db.transaction(async (tx) => {
      const locked = await queryRows(tx, sql`select id from partners where id = ${partnerId} for update`);
      if (!locked.length) throw notFound('Partner');
      const same = await queryRows(tx, sql`select 1 from partner_periods where partner_id = ${partnerId} and lower(agreement_no) = lower(${body.agreement_no}) limit 1`);
      if (same.length) throw conflictOn('agreement_no', `Agreement ${body.agreement_no} is already recorded for this partner`);
      const [clash] = await queryRows<{ agreement_no: string; starts_on: string; ends_on: string }>(
        tx,
        sql`select agreement_no, starts_on::text as starts_on, ends_on::text as ends_on from partner_periods
          where partner_id = ${partnerId} and starts_on <= ${body.ends_on}::date and ends_on >= ${body.starts_on}::date order by starts_on limit 1`,
      );
      if (clash) {
        throw unprocessable(
          `This period overlaps agreement ${clash.agreement_no} (${formatDate(clash.starts_on)} – ${formatDate(clash.ends_on)}): a partner has one cooperation period on any day`,
        );
      }
      const [made] = await queryRows<{ id: number }>(
        tx,
        sql`insert into partner_periods (partner_id, agreement_no, starts_on, ends_on, note, created_at, created_by)
          values (${partnerId}, ${body.agreement_no}, ${body.starts_on}::date, ${body.ends_on}::date, ${body.note ?? null}, ${ctx.now}, ${ctx.actor?.userId ?? null}) returning id`,
      );
      const period = { id: Number(made?.id), agreement_no: body.agreement_no, starts_on: body.starts_on, ends_on: body.ends_on, note: body.note ?? null };
      await writeAudit(tx, ctx, { action: 'add-period', entity: 'partner', entityId: partnerId, after: { period } });
      return this.partners.get(partnerId, tx);
    });
  }
}
