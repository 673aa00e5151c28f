import { sql, type SQL } from 'drizzle-orm';
import {
  NOTIFICATION_DUE,
  NOTIFICATION_NOT_SCHEDULED,
  NOTIFICATION_OFF,
  NOTIFICATION_SCHEDULED,
  PUBLISHED_STATUSES,
  SEND_AT_TIME,
  canEditNotification,
  displayedContentStatus,
  formatDateTime,
  notificationSendMoment,
  notificationState,
  notificationOfferRow,
  notificationOfferUpdateBody,
  type NotificationOfferListQuery,
  type NotificationOfferRow,
} from '@portal/contract';
import { type Db, type Tx } from '../../db/client.ts';
import type { AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { displayedStatusIs } from './content.resource.ts';

const SELECT = sql`select ci.id, ci.title as offer_title, ci.status as offer_stored_status, ci.start_at as offer_start_at, ci.end_at as offer_end_at,
  camp.title as campaign_title, coalesce(n.enabled, false) as enabled, n.title, n.message, coalesce(n.send_mode, 1) as send_mode, n.send_at,
  coalesce(n.updated_at, ci.created_at) as updated_at, ub.name as updated_by_name, coalesce(n.version, 1) as version`;
const FROM = sql`from content_items ci
  left join offer_notifications n on n.id = ci.id
  left join content_items camp on camp.id = ci.campaign_id
  left join users ub on ub.id = n.updated_by`;

/** The send moment in SQL (the offer's start at go-live), and the SQL twin of `notificationState` at `now`. */
const MOMENT = `(case when n.send_mode = ${SEND_AT_TIME} then n.send_at else ci.start_at end)`;
export function notificationStateIs(state: number, now: Date): SQL {
  const enabled = sql`coalesce(n.enabled, false)`;
  const published = sql`ci.status in (${sql.join(PUBLISHED_STATUSES.map((s) => sql`${s}`), sql`, `)})`;
  const inPeriod = sql`coalesce(${sql.raw(MOMENT)} >= ci.start_at and ${sql.raw(MOMENT)} < ci.end_at, false)`;
  switch (state) {
    case NOTIFICATION_OFF:
      return sql`not ${enabled}`;
    case NOTIFICATION_NOT_SCHEDULED:
      return sql`(${enabled} and not ${published})`;
    case NOTIFICATION_SCHEDULED:
      return sql`(${enabled} and ${published} and ${inPeriod} and ${sql.raw(MOMENT)} > ${now})`;
    case NOTIFICATION_DUE:
      return sql`(${enabled} and ${published} and ${inPeriod} and ${sql.raw(MOMENT)} <= ${now})`;
    default:
      return sql`(${enabled} and ${published} and not ${inPeriod})`;
  }
}

/** The stored fields; the offer's displayed status, the send moment and the state are derived at the time of the answer. */
const readNotification = rowReader(notificationOfferRow.omit({ offer_status: true, send_moment: true, state: true }));

/** Notification Offer: every offer with its notification (off until first saved), read and edited on the generic layer. */
export function notificationOfferDef(clock: Clock): ResourceDef<NotificationOfferRow, NotificationOfferListQuery> {
  const toRow = (r: Record<string, unknown>): NotificationOfferRow => {
    const now = clock.now();
    const row = readNotification(r);
    const offer_status = displayedContentStatus(Number(r.offer_stored_status), row.offer_start_at, row.offer_end_at, now);
    return {
      ...row,
      offer_status,
      send_moment: notificationSendMoment(row, { start_at: row.offer_start_at }),
      state: notificationState(row, { status: offer_status, start_at: row.offer_start_at, end_at: row.offer_end_at }, now),
    };
  };
  return {
    entity: 'notification-offer',
    label: 'Notification offer',
    table: 'offer_notifications',
    select: SELECT,
    from: FROM,
    countFrom: () => sql`from content_items ci left join offer_notifications n on n.id = ci.id`,
    id: 'ci.id',
    scope: sql`ci.kind = 'offer'`,
    toRow,
    sort: {
      offer_start_at: 'ci.start_at',
      send_moment: MOMENT,
      offer_title: 'lower(ci.title)',
      updated_at: 'coalesce(n.updated_at, ci.created_at)',
    },
    search: (pattern) => sql`(lower(ci.title) like lower(${pattern}) or lower(coalesce(n.title, '')) like lower(${pattern}))`,
    where: (q) => [
      q.offer_status !== undefined ? displayedStatusIs(q.offer_status, clock.now()) : undefined,
      q.state !== undefined ? notificationStateIs(q.state, clock.now()) : undefined,
    ],
    writable: writableColumns([notificationOfferUpdateBody]),
    check: async (_tx, body, current) => {
      if (!current) return;
      if (!canEditNotification(current.state)) {
        throw conflict(`This notification was due at ${formatDateTime(current.send_moment)} and has been handed to the app; it cannot be edited`);
      }
      for (const c of ['title', 'message']) if (body[c] === '' || body[c] === undefined) body[c] = null;
      if (body.send_at === undefined) body.send_at = null;
      const start = new Date(current.offer_start_at).getTime();
      const end = new Date(current.offer_end_at).getTime();
      const now = clock.now().getTime();
      if (typeof body.send_at === 'string') {
        const at = new Date(body.send_at).getTime();
        if (at < start || at >= end) {
          const message = `The send time must lie within the offer's period (${formatDateTime(current.offer_start_at)} to ${formatDateTime(current.offer_end_at)})`;
          throw badRequest(message, [{ path: 'send_at', message }]);
        }
        if (body.enabled === true && at <= now) throw badRequest('The send time has passed: choose a time ahead', [{ path: 'send_at', message: 'The send time has passed' }]);
      } else if (body.enabled === true && PUBLISHED_STATUSES.includes(current.offer_status) && start <= now) {
        // At go-live of an offer already live (or over): it would go out at once, late. Ask for a time instead.
        const message = 'The offer is already live: choose a send time ahead';
        throw badRequest(message, [{ path: 'send_mode', message }]);
      }
    },
  };
}

/** Saving the notification of an offer that has none yet first adds its row (off, version 1), in the save's transaction. */
export class NotificationOfferService extends ResourceService<NotificationOfferRow, NotificationOfferListQuery> {
  constructor(db: Db, clock: Clock) {
    super(notificationOfferDef(clock), db);
  }

  override async update(id: number | string, body: Record<string, unknown> & { version: number }, ctx: AuditContext, outer?: Tx): Promise<NotificationOfferRow> {
    const run = async (tx: Tx) => {
      const actor = ctx.actor?.userId ?? null;
      await tx.execute(sql`insert into offer_notifications (id, created_by, created_at, updated_by, updated_at)
        select id, ${actor}, ${ctx.now}, ${actor}, ${ctx.now} from content_items where id = ${id} and kind = 'offer'
        on conflict (id) do nothing`);
      return super.update(id, body, ctx, tx);
    };
    return outer ? run(outer) : this.db.transaction(run);
  }
}
