import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

const TAGS = [
  ['VIP', 'Spends above Rp 5.000.000 a month', 'gold'],
  ['Pelanggan Baru', 'Joined in the last 30 days', 'green'],
  ['Ibu Rumah Tangga', null, 'magenta'],
  ['Pecinta Promo', 'Shops mostly during promotions', 'volcano'],
  ['Belanja Online', 'Orders through the app for delivery', 'blue'],
  ['Tidak Aktif 90 Hari', 'No transaction in the last 90 days', 'purple'],
] as const;

const TICKET_CATEGORIES = [
  ['Pesanan & Pengiriman', 'Late, missing or damaged deliveries', 24],
  ['Pembayaran & Refund', 'Failed payments, double charges and refunds', 48],
  ['Poin & Stempel', 'Missing points, stamps and coupons', 72],
  ['Akun & Kartu Member', 'Sign-in, card linking and account data', 24],
  ['Produk & Harga', 'Price differences and product quality', 72],
] as const;

const HOW_TO_REDEEM = {
  id: ['Cara Penukaran Stempel', '<p>Kumpulkan stempel dari setiap transaksi, lalu tukarkan dengan hadiah.</p><ol><li>Buka menu <strong>Stempel</strong> di aplikasi.</li><li>Pilih hadiah yang stempelnya sudah cukup.</li><li>Tunjukkan kode penukaran kepada kasir.</li></ol>'],
  en: ['How to Redeem Stamps', '<p>Collect stamps with every purchase and redeem them for rewards.</p><ol><li>Open <strong>Stamps</strong> in the app.</li><li>Choose a reward you have enough stamps for.</li><li>Show the redemption code at the cashier.</li></ol>'],
};
const ABOUT = {
  id: ['Tentang Aplikasi', '<p>Aplikasi belanja dan loyalitas kami: belanja online, kumpulkan poin dan stempel, dan nikmati promo setiap minggu.</p><p>Layanan pelanggan: <a href="mailto:cs@demo.local">cs@demo.local</a></p>'],
  en: ['About the App', '<p>Our shopping and loyalty app: shop online, collect points and stamps, and enjoy weekly promotions.</p><p>Customer service: <a href="mailto:cs@demo.local">cs@demo.local</a></p>'],
};

/** Demo master data: tags, ticket categories, an escalation mapping over the demo users, contacts, app texts. */
export async function seedMasterdata(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [name, description, color] of TAGS) {
      await tx.execute(sql`insert into custom_consumer_tags (name, description, color, created_at, updated_at) values (${name}, ${description}, ${color}, ${now}, ${now})`);
    }
    let position = 1;
    for (const [name, description, sla] of TICKET_CATEGORIES) {
      await tx.execute(
        sql`insert into ticket_categories (name, description, sla_hours, position, created_at, updated_at) values (${name}, ${description}, ${sla}, ${position++}, ${now}, ${now})`,
      );
    }
    // superadmin ← admin.cms ← cs.agent: a ticket not answered by customer service escalates upwards.
    let parent: number | null = null;
    for (const username of ['superadmin', 'admin.cms', 'cs.agent']) {
      const user = (await queryRows<{ id: number }>(tx, sql`select id from users where username = ${username}`))[0];
      if (!user) continue;
      const inserted: { id: number }[] = await queryRows<{ id: number }>(
        tx,
        sql`insert into master_mapping_emails (user_id, parent_id, created_at, updated_at) values (${user.id}, ${parent}, ${now}, ${now}) returning id`,
      );
      parent = Number(inserted[0]?.id);
    }
    await tx.execute(sql`update general_settings set cs_phone = '02150001234', cs_email = 'cs@demo.local', whatsapp_number = '081150001234',
      min_order_amount = 50000, delivery_fee = 10000, free_delivery_min_amount = 150000, point_conversion = 10000, max_vouchers_per_order = 2,
      company_name = 'PT Segar Pangan Sejahtera Tbk', company_address = 'Jl. Letjen S. Parman Kav. 28, Slipi, Palmerah, Jakarta Barat 11480',
      company_npwp = '018765432073000', company_phone = '02153661234', bank_name = 'Bank Central Asia (BCA) KCU Slipi',
      bank_account_no = '5270388811', bank_account_holder = 'PT Segar Pangan Sejahtera Tbk', quotation_validity_days = 14 where id = 1`);
    for (const [kind, texts] of [['how-to-redeem', HOW_TO_REDEEM], ['setting-app', ABOUT]] as const) {
      for (const language of ['id', 'en'] as const) {
        const [title, body] = texts[language];
        await tx.execute(sql`insert into legal_documents (kind, variant, language, title, body_html, published_at, created_at, updated_at)
          values (${kind}, 'consumer', ${language}, ${title}, ${body}, ${now}, ${now}, ${now})`);
      }
    }
  });
}
