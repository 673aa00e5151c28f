import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { hashSecret } from '../platform/tokens.ts';
import { DEMO_PASSWORD } from './demo-identity.ts';

/** Consumers (the first ones by id) who can sign in to the consumer API with the demo password, for `simulate:consumers`. */
export const DEMO_APP_CONSUMERS = 5;

const FAQS: [string, string][] = [
  ['Bagaimana cara mendapatkan stempel digital?', 'Setiap belanja minimal Rp50.000 di toko atau aplikasi memberi satu stempel. Tunjukkan kartu aplikasi Anda di kasir.'],
  ['Kapan poin saya kedaluwarsa?', 'Poin berlaku 12 bulan sejak transaksi. Lihat rinciannya di menu Riwayat Poin.'],
  ['Bagaimana cara menautkan kartu fisik?', 'Buka Profil → Kartu Saya → Tautkan Kartu, lalu masukkan nomor kartu fisik Anda.'],
  ['Pesanan online saya belum datang, apa yang harus dilakukan?', 'Cek status pesanan di menu Pesanan. Jika melewati jadwal, hubungi kami lewat Chat Live.'],
  ['Bagaimana cara menukar kupon?', 'Pilih kupon di menu Kupon Saya dan tunjukkan kode QR di kasir sebelum pembayaran.'],
  ['Apakah saya bisa mengganti nomor telepon?', 'Bisa. Hubungi Pusat Bantuan dengan nomor lama dan baru; kami akan memverifikasi identitas Anda.'],
];

const TEMPLATES: [string, string][] = [
  ['Salam pembuka', 'Halo Kak, terima kasih sudah menghubungi kami. Ada yang bisa kami bantu?'],
  ['Mohon menunggu', 'Mohon ditunggu sebentar ya Kak, kami sedang memeriksa data Anda.'],
  ['Pesanan dalam proses', 'Pesanan Kakak sedang diproses oleh toko dan akan segera dikirim.'],
  ['Penutup', 'Terima kasih telah berbelanja bersama kami. Semoga hari Kakak menyenangkan!'],
  ['Lupa kata sandi', 'Silakan pilih "Lupa kata sandi" di halaman masuk aplikasi, lalu ikuti tautan yang kami kirim ke e-mail Kakak.'],
];

const SUBJECTS = [
  'Stempel belum masuk setelah belanja',
  'Kupon tidak bisa dipakai di kasir',
  'Pesanan online terlambat',
  'Tidak bisa masuk ke aplikasi',
  'Poin berkurang tanpa transaksi',
  'Kartu fisik hilang',
  'Promo tidak berlaku',
  'Barang yang diterima rusak',
];

const CHAT_LINES = [
  'Halo, saya mau tanya soal kupon saya',
  'Kenapa stempel saya belum masuk ya?',
  'Pesanan saya kapan dikirim?',
  'Apakah promo minggu ini berlaku di semua toko?',
];

/**
 * Help desk demo: FAQs and message templates always; with consumers present (the consumers seed runs first), tickets in
 * every status with their conversations, chats (some Unread), ratings, and a demo password for the first consumers so
 * the consumer API and `npm run simulate:consumers` can sign them in. Without consumers only the first two are seeded.
 */
export async function seedHelpdesk(db: Db): Promise<void> {
  const faqCount = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from faqs`);
  if (Number(faqCount[0]?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    for (const [i, [q, a]] of FAQS.entries()) await tx.execute(sql`insert into faqs (question, answer, status, position) values (${q}, ${a}, 1, ${i + 1})`);
    for (const [t, b] of TEMPLATES) await tx.execute(sql`insert into message_templates (title, body, status) values (${t}, ${b}, 1)`);
  });

  const consumers = (await queryRows<{ id: number }>(db, sql`select id from consumers where status = 1 order by id limit 40`)).map((r) => Number(r.id));
  if (!consumers.length) return;
  const agent = (await queryRows<{ id: number }>(db, sql`select id from users where username = 'cs.agent'`))[0]?.id ?? null;
  const categories = (await queryRows<{ id: number }>(db, sql`select id from ticket_categories order by position, id`)).map((r) => Number(r.id));
  const stores = (await queryRows<{ id: number }>(db, sql`select id from stores order by id limit 10`)).map((r) => Number(r.id));
  const hash = await hashSecret(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    for (const id of consumers.slice(0, DEMO_APP_CONSUMERS)) {
      await tx.execute(sql`insert into consumer_credentials (consumer_id, password_hash) values (${id}, ${hash}) on conflict (consumer_id) do nothing`);
    }
    // Tickets: statuses 1..4 in turn, spread over the last 30 days, half of them assigned to the demo agent.
    for (let i = 0; i < 32; i++) {
      const consumer = consumers[i % consumers.length]!;
      const status = (i % 4) + 1;
      const created = sql`now() - ${`${30 - i} days`}::interval`;
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`insert into tickets (consumer_id, category_id, store_id, subject, status, assign_to_user_id, source, last_message_at, solved_at, solved_by, created_at, updated_at)
            values (${consumer}, ${categories.length ? categories[i % categories.length]! : null}, ${stores.length ? stores[i % stores.length]! : null},
                    ${SUBJECTS[i % SUBJECTS.length]!}, ${status}, ${status > 1 && i % 2 === 0 ? agent : null}, ${i % 5 === 0 ? 'portal' : 'app'},
                    ${created}, ${status === 4 ? sql`${created} + ${`${2 + (i % 7)} hours`}::interval` : null}, ${status === 4 ? agent : null}, ${created}, ${created}) returning id`,
      );
      const ticketId = Number(rows[0]?.id);
      await tx.execute(sql`insert into ticket_messages (ticket_id, sender, body, created_at) values (${ticketId}, 1, ${`${SUBJECTS[i % SUBJECTS.length]!}. Mohon dibantu.`}, ${created})`);
      if (status >= 3) {
        await tx.execute(sql`insert into ticket_messages (ticket_id, sender, user_id, body, created_at) values (${ticketId}, 2, ${agent}, ${TEMPLATES[1]![1]}, ${created} + interval '1 hour')`);
      }
      if (status === 4 && i % 3 === 0) {
        await tx.execute(sql`insert into ratings (consumer_id, ticket_id, score, comment, created_at, updated_at) values (${consumer}, ${ticketId}, ${3 + (i % 3)}, 'Terima kasih, sudah dibantu', ${created} + interval '2 hours', ${created} + interval '2 hours')`);
      }
    }
    // Chats: twelve consumers; every third one waits Unread on the consumer's last message.
    for (let i = 0; i < Math.min(12, consumers.length); i++) {
      const consumer = consumers[i]!;
      const unread = i % 3 === 0;
      const line = CHAT_LINES[i % CHAT_LINES.length]!;
      const at = sql`now() - ${`${(12 - i) * 37} minutes`}::interval`;
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`insert into chats (consumer_id, status, last_message, last_sender, last_message_at, created_at, updated_at)
            values (${consumer}, ${unread ? 1 : 2}, ${unread ? line : TEMPLATES[0]![1]}, ${unread ? 1 : 2}, ${at}, ${at} - interval '1 day', ${at}) returning id`,
      );
      const chatId = Number(rows[0]?.id);
      await tx.execute(sql`insert into chat_messages (chat_id, sender, body, created_at) values (${chatId}, 1, ${line}, ${at} - interval '1 minute')`);
      if (!unread) await tx.execute(sql`insert into chat_messages (chat_id, sender, user_id, template_id, body, created_at) values (${chatId}, 2, ${agent}, 1, ${TEMPLATES[0]![1]}, ${at})`);
      else await tx.execute(sql`insert into chat_messages (chat_id, sender, body, created_at) values (${chatId}, 1, ${line}, ${at})`);
      if (i % 4 === 1) await tx.execute(sql`insert into ratings (consumer_id, chat_id, score, comment) values (${consumer}, ${chatId}, ${4 + (i % 2)}, 'Respon cepat')`);
    }
  });
}
