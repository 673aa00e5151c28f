import { sql } from 'drizzle-orm';
import { CONTENT_UPCOMING, COMPARED_FIELDS, ORDERED_KINDS, displayedContentStatus, jakartaDay, jakartaDayStart, type ContentKind } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';

/** Midnight in Asia/Jakarta `days` from today. */
const dayStart = (now: Date, days: number) => new Date(jakartaDayStart(jakartaDay(now)).getTime() + days * 86_400_000);

type Stage = 'draft' | 'pending' | 'published' | 'rejected' | 'inactive';
interface DemoItem {
  kind: ContentKind;
  title: string;
  description?: string;
  stage: Stage;
  from: number;
  to: number;
  priority?: number;
  targeting?: 1 | 2;
  member_scope?: 0 | 1;
  province_codes?: string[];
  content_type?: number;
  display_location?: number;
  placement_page?: string;
  banner_type?: number;
  digital_product_type?: number;
  message_kind?: 0 | 1;
  message?: string;
  recurrence?: string;
  send_time?: string;
  reject_reason?: string;
  /** Pending again after an earlier approval: the fields that differed then (for the approver's compare). */
  published_before?: Record<string, unknown>;
  in_campaign?: boolean;
  /** An offer's notification (Notification Offer): at go-live, or at `at_hour` (Jakarta) of the period's day `on_day`. */
  notification?: { enabled: boolean; title: string; message: string; on_day?: number; at_hour?: number };
}

const ITEMS: DemoItem[] = [
  { kind: 'campaign', title: 'Gajian Hemat November', description: 'Kampanye akhir bulan: minyak, beras, susu.', stage: 'published', from: -3, to: 10, priority: 1 },
  { kind: 'campaign', title: 'Ramadan Berkah', description: 'Paket sembako dan sirup untuk bulan puasa.', stage: 'published', from: 20, to: 50, priority: 2 },
  {
    kind: 'offer',
    title: 'Promo Kopi Pagi',
    stage: 'draft',
    from: 1,
    to: 8,
    content_type: 0,
    display_location: 0,
    in_campaign: true,
    notification: { enabled: false, title: 'Kopi pagi lebih hemat', message: 'Diskon kopi sachet setiap pagi minggu ini.' },
  },
  {
    kind: 'offer',
    title: 'Diskon Susu UHT 20%',
    description: 'Semua susu UHT 1 liter diskon 20% untuk member aplikasi.',
    stage: 'pending',
    from: 2,
    to: 12,
    priority: 2,
    member_scope: 1,
    content_type: 0,
    display_location: 2,
    in_campaign: true,
    published_before: { title: 'Diskon Susu UHT 15%', description: 'Semua susu UHT 1 liter diskon 15%.', priority: 4, member_scope: 0 },
    notification: { enabled: true, title: 'Susu UHT diskon 20%', message: 'Khusus member aplikasi: semua susu UHT 1 liter diskon 20%.', on_day: 1, at_hour: 10 },
  },
  {
    kind: 'offer',
    title: 'Beli 2 Gratis 1 Mi Instan',
    stage: 'published',
    from: 2,
    to: 9,
    content_type: 1,
    display_location: 1,
    notification: { enabled: true, title: 'Beli 2 gratis 1 mi instan!', message: 'Mulai hari ini: beli 2 mi instan, gratis 1. Cek katalognya di aplikasi.' },
  },
  {
    kind: 'offer',
    title: 'Hemat Minyak Goreng 2 Liter',
    stage: 'published',
    from: -2,
    to: 5,
    priority: 3,
    content_type: 0,
    display_location: 0,
    in_campaign: true,
    notification: { enabled: true, title: 'Minyak goreng 2 liter lebih hemat', message: 'Harga spesial minyak goreng 2 liter sampai akhir pekan.', on_day: 0, at_hour: 10 },
  },
  { kind: 'offer', title: 'Promo Kemerdekaan', stage: 'published', from: -30, to: -20, content_type: 6, display_location: 0 },
  { kind: 'offer', title: 'Cashback Belanja Sayur', stage: 'rejected', from: 3, to: 10, content_type: 0, display_location: 1, reject_reason: 'Nilai cashback belum disetujui tim keuangan.' },
  { kind: 'offer', title: 'Flash Sale Deterjen', stage: 'inactive', from: -1, to: 6, content_type: 0, display_location: 1, targeting: 1, province_codes: ['31'] },
  { kind: 'offer', title: 'Resep Nasi Goreng Kampung', stage: 'pending', from: 1, to: 30, content_type: 3, display_location: 0 },
  { kind: 'banner', title: 'Banner Utama Gajian', stage: 'published', from: -3, to: 10, placement_page: 'homepage', banner_type: 7, in_campaign: true },
  { kind: 'banner', title: 'Popup Ramadan', stage: 'published', from: 20, to: 50, placement_page: 'homepage', banner_type: 10 },
  { kind: 'banner', title: 'Mini Banner Belanja Hemat', stage: 'pending', from: 1, to: 14, placement_page: 'belanjapage', banner_type: 6 },
  { kind: 'banner', title: 'Banner Resep Mingguan', stage: 'draft', from: 2, to: 9, placement_page: 'recipepage', banner_type: 9 },
  { kind: 'banner-digital-product', title: 'Isi Pulsa Bonus 10%', stage: 'published', from: -1, to: 14, digital_product_type: 1 },
  { kind: 'banner-digital-product', title: 'Paket Data Hemat Akhir Pekan', stage: 'draft', from: 3, to: 5, digital_product_type: 2 },
  { kind: 'push-message', title: 'Pengingat Gajian', stage: 'published', from: -3, to: 27, message_kind: 1, message: 'Gajian tiba! Cek promo hemat minggu ini.', recurrence: 'weekly', send_time: '09:00' },
  { kind: 'push-message', title: 'Promo Susu Dimulai', stage: 'pending', from: 2, to: 3, message_kind: 0, message: 'Diskon 20% susu UHT mulai hari ini.' },
  { kind: 'push-message', title: 'Selamat Berbelanja', stage: 'draft', from: 5, to: 6, message_kind: 0, message: 'Terima kasih telah menjadi member kami.' },
];

const STAGE_STATUS: Record<Stage, number> = { draft: 0, pending: 1, published: CONTENT_UPCOMING, rejected: 5, inactive: 6 };

/**
 * Demo marketing content in every status of set B: drafts by the CMS admin, items pending approval submitted by the
 * Super Admin (so `admin.cms` can approve them: nobody approves their own), published items upcoming, live and expired,
 * a rejected one with its reason and an inactive one. Stored statuses match the period at `now`, so nothing is due
 * for the scheduled-publishing job when the app starts.
 */
export async function seedContent(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const userId = async (username: string) => (await queryRows<{ id: number }>(tx, sql`select id from users where username = ${username}`))[0]?.id ?? null;
    const maker = await userId('admin.cms');
    const root = await userId('superadmin');
    const campaignId = (await queryRows<{ id: number }>(tx, sql`select id from content_items where kind = 'campaign' order by id limit 1`))[0]?.id;
    let campaign = campaignId ?? null;
    const positions = new Map<string, number>();
    for (const item of ITEMS) {
      const start = dayStart(now, item.from);
      const end = dayStart(now, item.to);
      const stored = STAGE_STATUS[item.stage];
      const status = displayedContentStatus(stored, start, end, now);
      const submitter = item.stage === 'draft' ? null : item.stage === 'pending' ? root : maker;
      const reviewer = ['published', 'rejected', 'inactive'].includes(item.stage) ? root : null;
      const ordered = ORDERED_KINDS.includes(item.kind);
      const list = `${item.kind}:${item.placement_page ?? ''}`;
      const position = ordered ? (positions.get(list) ?? 0) + 1 : null;
      if (position) positions.set(list, position);
      const fields: Record<string, unknown> = {
        title: item.title,
        description: item.description ?? null,
        image_url: null,
        link_url: null,
        priority: item.priority ?? 5,
        targeting: item.targeting ?? 2,
        member_scope: item.member_scope ?? 0,
        consumer_tag_ids: [],
        province_codes: item.province_codes ?? [],
        start_at: start.toISOString(),
        end_at: end.toISOString(),
        campaign_id: item.in_campaign ? campaign : null,
        content_type: item.content_type ?? null,
        display_location: item.display_location ?? null,
        placement_page: item.placement_page ?? null,
        banner_type: item.banner_type ?? null,
        digital_product_type: item.digital_product_type ?? null,
        message_kind: item.message_kind ?? null,
        message: item.message ?? null,
        recurrence: item.recurrence ?? null,
        send_time: item.send_time ?? null,
      };
      const published = item.stage === 'published' || item.stage === 'inactive' || item.published_before;
      const snapshot = published ? JSON.stringify(Object.fromEntries(COMPARED_FIELDS.map((f) => [f, f in (item.published_before ?? {}) ? item.published_before?.[f] : fields[f]]))) : null;
      const created = new Date(now.getTime() - (40 - Math.abs(item.from)) * 3_600_000);
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`insert into content_items (kind, title, description, priority, targeting, member_scope, province_codes, start_at, end_at, status,
              campaign_id, content_type, display_location, placement_page, banner_type, digital_product_type, position, message_kind, message, recurrence, send_time,
              submitted_by, submitted_at, reviewed_by, reviewed_at, reject_reason, published_snapshot, published_at,
              created_by, created_at, updated_by, updated_at)
            values (${item.kind}, ${item.title}, ${item.description ?? null}, ${item.priority ?? 5}, ${item.targeting ?? 2}, ${item.member_scope ?? 0},
              ${`{${(item.province_codes ?? []).join(',')}}`}, ${start}, ${end}, ${status},
              ${fields.campaign_id as number | null}, ${item.content_type ?? null}, ${item.display_location ?? null}, ${item.placement_page ?? null},
              ${item.banner_type ?? null}, ${item.digital_product_type ?? null}, ${position}, ${item.message_kind ?? null}, ${item.message ?? null}, ${item.recurrence ?? null}, ${item.send_time ?? null},
              ${submitter}, ${submitter ? created : null}, ${reviewer}, ${reviewer ? created : null}, ${item.reject_reason ?? null},
              ${snapshot}::jsonb, ${published ? created : null}, ${maker}, ${created}, ${item.stage === 'pending' ? root : maker}, ${created})
            returning id`,
      );
      if (item.kind === 'campaign' && campaign === null) campaign = rows[0]?.id ?? null;
      const n = item.notification;
      if (n && rows[0]) {
        const sendAt = n.on_day === undefined ? null : new Date(start.getTime() + n.on_day * 86_400_000 + (n.at_hour ?? 9) * 3_600_000);
        await tx.execute(sql`insert into offer_notifications (id, enabled, title, message, send_mode, send_at, created_by, created_at, updated_by, updated_at)
          values (${rows[0].id}, ${n.enabled}, ${n.title}, ${n.message}, ${sendAt ? 2 : 1}, ${sendAt}, ${maker}, ${created}, ${maker}, ${created})`);
      }
    }
  });
}
