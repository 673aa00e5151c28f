import { sql } from 'drizzle-orm';
import { formCreateBody, jakartaDay, jakartaDayStart, type FormCreate } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { FormService } from '../domains/content/form.resource.ts';
import { ResponseService } from '../domains/content/response.service.ts';
import { DEMO_APP_CONSUMERS } from './demo-helpdesk.ts';

/** Midnight in Asia/Jakarta `days` from today. */
const dayStart = (now: Date, days: number) => new Date(jakartaDayStart(jakartaDay(now)).getTime() + days * 86_400_000);

const FORMS = (now: Date): Record<string, unknown>[] => [
  {
    name: 'Survei Kepuasan Belanja',
    description: 'Bantu kami melayani Anda lebih baik.',
    status: 2,
    start_at: dayStart(now, -7).toISOString(),
    end_at: dayStart(now, 30).toISOString(),
    questions: [
      { text: 'Di toko mana Anda paling sering berbelanja?', type: 1, required: true, options: ['Jakarta', 'Bandung', 'Denpasar', 'Belanja online'] },
      { text: 'Kategori apa yang Anda beli bulan ini?', type: 2, required: false, options: ['Sayur dan buah', 'Daging dan ikan', 'Sembako', 'Minuman'] },
      { text: 'Seberapa puas Anda dengan pelayanan kasir?', type: 3, required: true, scale_min: 1, scale_max: 5, min_label: 'Tidak puas', max_label: 'Sangat puas' },
      { text: 'Produk apa yang ingin Anda temukan di toko kami?', type: 4, required: false },
      { text: 'Saran lain untuk kami', type: 5, required: false },
    ],
  },
  {
    name: 'Polling Jam Buka Akhir Pekan',
    status: 1,
    start_at: dayStart(now, 3).toISOString(),
    end_at: dayStart(now, 17).toISOString(),
    questions: [{ text: 'Jam buka yang Anda inginkan di akhir pekan?', type: 1, required: true, options: ['07.00–21.00', '08.00–22.00', '24 jam'] }],
  },
];

const SUGGESTIONS = ['Roti gandum', 'Kopi lokal', 'Buah impor', 'Susu oat', null];

/**
 * Polling and survey through the services the API uses: two forms (one published, one draft) created by the CMS admin,
 * and the published one answered by active consumers other than the app's demo sign-ins (they keep it to answer).
 */
export async function seedSurveys(db: Db): Promise<void> {
  const [admin] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from users where username = 'admin.cms'`);
  const ctx = { actor: admin ? { userId: Number(admin.id), name: String(admin.name) } : null, ip: '127.0.0.1', now: new Date() };
  const forms = new FormService(db);
  const responses = new ResponseService(db);
  const created = [];
  for (const body of FORMS(ctx.now)) created.push(await forms.create(formCreateBody.parse(body) as FormCreate & Record<string, unknown>, ctx));
  // The first form is the published survey the consumers answer.
  if (!created[0]) return;
  const survey = await forms.get(created[0].id);
  const consumers = await queryRows<{ id: number }>(db, sql`select id from consumers where status = 1 order by id offset ${DEMO_APP_CONSUMERS} limit 12`);
  const [q1, q2, q3, q4, q5] = survey.questions;
  if (!q1 || !q2 || !q3 || !q4 || !q5) return;
  for (const [i, c] of consumers.entries()) {
    const suggestion = SUGGESTIONS[i % SUGGESTIONS.length];
    await responses.answer(
      survey.id,
      Number(c.id),
      {
        answers: [
          { question_id: q1.id, choices: [i % 4] },
          { question_id: q2.id, choices: [...new Set([i % 4, (i * 3 + 1) % 4])] },
          { question_id: q3.id, scale: 1 + ((i * 7) % 5) },
          ...(suggestion ? [{ question_id: q4.id, text: suggestion }] : []),
          ...(i % 3 === 0 ? [{ question_id: q5.id, text: 'Antrean kasir sore hari masih panjang.' }] : []),
        ],
      },
      { ...ctx, actor: null, now: new Date(ctx.now.getTime() - (consumers.length - i) * 3_600_000) },
    );
  }
}
