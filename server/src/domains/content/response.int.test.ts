import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AppForm, FormDetail, FormSummary, ResponseDetail, ResponseRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';
import { createAppConsumer } from '../../../test/fixtures/helpdesk.fixtures.ts';
import { surveyBody } from '../../../test/fixtures/survey.fixtures.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

describe('polling and survey: answering through the consumer API, responses, summary and report', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let admin: string;
  let formOnly: string;
  let responder: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    await createStaff(db(), 'form.only', [{ entry: 'cms.form', action: 'view' }]);
    formOnly = await h.tokenOf('form.only');
    await createStaff(db(), 'response.viewer', [
      { entry: 'cms.response', action: 'view' },
      { entry: 'cms.response', action: 'export' },
    ]);
    responder = await h.tokenOf('response.viewer');
  });

  const ok = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const consumer = async (name: string) => {
    const c = await createAppConsumer(db(), name, 'Rahasia@123');
    const res = await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: c.phone, password: 'Rahasia@123' } });
    expect(res.statusCode, res.body).toBe(200);
    return { ...c, token: res.json<{ data: { token: string } }>().data.token };
  };
  const publish = (extra: Record<string, unknown> = {}) => ok<FormDetail>('POST', '/api/v1/forms', surveyBody(h.clock.now(), { status: 2, ...extra }));
  const answers = (f: FormDetail) => {
    const [q1, q2, q3, q4, q5] = f.questions;
    return [
      { question_id: q1!.id, choices: [1] },
      { question_id: q2!.id, choices: [0, 2] },
      { question_id: q3!.id, scale: 5 },
      { question_id: q4!.id, text: 'Bandung' },
      { question_id: q5!.id, text: 'Tambah kasir' },
    ];
  };

  it('offers a published form in its period to the consumers its targeting admits, until they answer it', async () => {
    const everyone = await publish({ name: 'Untuk Semua' });
    const draft = await ok<FormDetail>('POST', '/api/v1/forms', surveyBody(h.clock.now(), { name: 'Masih Draf' }));
    const later = await publish({ name: 'Nanti', start_at: new Date(h.clock.now().getTime() + 86_400_000).toISOString(), end_at: new Date(h.clock.now().getTime() + 2 * 86_400_000).toISOString() });
    const bali = await publish({ name: 'Untuk Bali', targeting: 1, province_codes: ['51'] });
    const sari = await consumer('Sari Survei');
    const offered = await ok<AppForm[]>('GET', '/api/v1/app/forms', undefined, sari.token);
    const ids = offered.map((f) => f.id);
    expect(ids).toContain(everyone.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(bali.id);
    await db().execute(sql`update consumers set province_code = '51' where id = ${sari.id}`);
    expect((await ok<AppForm[]>('GET', '/api/v1/app/forms', undefined, sari.token)).map((f) => f.id)).toContain(bali.id);
    const one = await ok<AppForm>('GET', `/api/v1/app/forms/${everyone.id}`, undefined, sari.token);
    expect(one.questions).toHaveLength(5);
    expect((await h.call('GET', `/api/v1/app/forms/${draft.id}`, { token: sari.token })).statusCode).toBe(404);

    await ok('POST', `/api/v1/app/forms/${everyone.id}/responses`, { answers: answers(everyone) }, sari.token);
    expect((await ok<AppForm[]>('GET', '/api/v1/app/forms', undefined, sari.token)).map((f) => f.id)).not.toContain(everyone.id);
    const again = await h.call('POST', `/api/v1/app/forms/${everyone.id}/responses`, { token: sari.token, body: { answers: answers(everyone) } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already answered this form');
    // Staff tokens do not open the consumer routes.
    expect((await h.call('GET', '/api/v1/app/forms', { token: admin })).statusCode).toBe(401);
  });

  it('validates answers against the questions: required, options, scale range, types', async () => {
    const form = await publish();
    const rina = await consumer('Rina Validasi');
    const [q1, q2, q3, q4] = form.questions;
    const bad = async (list: unknown[], message: RegExp) => {
      const res = await h.call('POST', `/api/v1/app/forms/${form.id}/responses`, { token: rina.token, body: { answers: list } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    const base = answers(form);
    await bad(base.filter((a) => a.question_id !== q1!.id), /"Toko favorit\?" is required/);
    await bad([{ question_id: q1!.id, choices: [0, 1] }, ...base.slice(1)], /Choose one option/);
    await bad([{ question_id: q1!.id, choices: [7] }, ...base.slice(1)], /among the options/);
    await bad([...base.filter((a) => a.question_id !== q3!.id), { question_id: q3!.id, scale: 9 }], /from 1 to 5/);
    await bad([...base.filter((a) => a.question_id !== q4!.id), { question_id: q4!.id, scale: 3 }], /Answer with a text/);
    await bad([...base.filter((a) => a.question_id !== q2!.id), { question_id: q2!.id, choices: [0, 0] }], /chosen twice/);
    await bad([...base, { question_id: 999999, text: 'x' }], /Not a question of this form/);
    const malformed = await h.call('POST', `/api/v1/app/forms/${form.id}/responses`, { token: rina.token, body: { answers: 'semua' } });
    expect(malformed.statusCode).toBe(400);
    // Only the required questions: accepted.
    await ok('POST', `/api/v1/app/forms/${form.id}/responses`, { answers: [{ question_id: q1!.id, choices: [0] }, { question_id: q3!.id, scale: 1 }] }, rina.token);
  });

  it('keeps one response per consumer and form under parallel requests, and counts it once', async () => {
    const form = await publish({ name: 'Paralel' });
    const budi = await consumer('Budi Paralel');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => h.call('POST', `/api/v1/app/forms/${form.id}/responses`, { token: budi.token, body: { answers: answers(form) } })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    const [row] = await queryRows<{ n: number; count: number }>(
      db(),
      sql`select (select count(*) from form_responses where form_id = ${form.id})::int as n, response_count as count from forms where id = ${form.id}`,
    );
    expect(row).toEqual({ n: 1, count: 1 });
  });

  it('lists responses with filters and shows one with every question, phone masked without the personal-data right', async () => {
    const form = await publish({ name: 'Daftar Tanggapan' });
    const a = await consumer('Andi Tanggapan');
    const b = await consumer('Bela Tanggapan');
    await ok('POST', `/api/v1/app/forms/${form.id}/responses`, { answers: answers(form) }, a.token);
    await ok('POST', `/api/v1/app/forms/${form.id}/responses`, { answers: answers(form).slice(0, 3) }, b.token);
    const list = await ok<List<ResponseRow>>('GET', `/api/v1/responses?form_id=${form.id}`, undefined, responder);
    expect(list.meta.total).toBe(2);
    expect(list.data.every((r) => r.form_name === 'Daftar Tanggapan')).toBe(true);
    expect(list.data.find((r) => r.consumer_id === a.id)!.phone).toBe(`${a.phone.slice(0, 4)}******${a.phone.slice(-3)}`);
    // With the personal-data right (the CMS admin holds it) the phone shows whole.
    const open = await ok<List<ResponseRow>>('GET', `/api/v1/responses?form_id=${form.id}`);
    expect(open.data.find((r) => r.consumer_id === a.id)!.phone).toBe(a.phone);
    const searched = await ok<List<ResponseRow>>('GET', `/api/v1/responses?form_id=${form.id}&search=bela`);
    expect(searched.data.map((r) => r.consumer_id)).toEqual([b.id]);
    const today = new Date(h.clock.now().getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect((await ok<List<ResponseRow>>('GET', `/api/v1/responses?form_id=${form.id}&submitted_from=${today}&submitted_to=${today}`)).meta.total).toBe(2);
    expect((await ok<List<ResponseRow>>('GET', `/api/v1/responses?form_id=${form.id}&submitted_to=2020-01-01`)).meta.total).toBe(0);
    expect((await h.call('GET', '/api/v1/responses?submitted_from=31-01-2026', { token: admin })).statusCode).toBe(400);

    const detail = await ok<ResponseDetail>('GET', `/api/v1/responses/${list.data.find((r) => r.consumer_id === a.id)!.id}`, undefined, responder);
    expect(detail.phone).not.toBe(a.phone);
    expect(detail.answers.map((x) => x.display)).toEqual(['Bandung', 'Sayur, Daging', '5', 'Bandung', 'Tambah kasir']);
    const partial = await ok<ResponseDetail>('GET', `/api/v1/responses/${list.data.find((r) => r.consumer_id === b.id)!.id}`);
    expect(partial.answers.map((x) => x.display)).toEqual(['Bandung', 'Sayur, Daging', '5', null, null]);

    const summary = await ok<FormSummary>('GET', `/api/v1/forms/${form.id}/summary`);
    expect(summary.responses).toBe(2);
    expect(summary.questions[0]).toMatchObject({ answered: 2, option_counts: [0, 2, 0], average: null });
    expect(summary.questions[1]).toMatchObject({ option_counts: [2, 0, 2] });
    expect(summary.questions[2]).toMatchObject({ answered: 2, average: 5 });
    expect(summary.questions[3]).toMatchObject({ answered: 1 });

    // Responses need their own right: a viewer of forms only is refused.
    expect((await h.call('GET', '/api/v1/responses', { token: formOnly })).statusCode).toBe(403);
  });

  it('exports the response report of a form with one column per question (CSV and XLSX), and the response list', async () => {
    const form = await publish({ name: 'Laporan' });
    const c = await consumer('Citra Laporan');
    await ok('POST', `/api/v1/app/forms/${form.id}/responses`, { answers: answers(form) }, c.token);
    const csv = await h.call('GET', `/api/v1/responses/report/export?form_id=${form.id}&format=csv`, { token: admin });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="response_\d{8}_\d{6}\.csv"/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('1. Toko favorit?');
    expect(lines[0]).toContain('5. Saran Anda?');
    expect(lines[1]).toContain('Citra Laporan');
    expect(lines[1]).toContain('"Sayur, Daging"');
    expect(lines[1]).not.toContain(c.phone);

    const xlsx = await h.call('GET', `/api/v1/responses/report/export?form_id=${form.id}&format=xlsx`, { token: admin });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['3. Seberapa puas?', '4. Kota asal?']));
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['Bandung', 'Sayur, Daging', 'Tambah kasir']));

    const list = await h.call('GET', `/api/v1/responses/export?form_id=${form.id}&format=csv`, { token: admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain('Citra Laporan');
    expect((await h.call('GET', `/api/v1/responses/report/export?format=csv`, { token: admin })).statusCode).toBe(400);
    expect((await h.call('GET', `/api/v1/responses/report/export?form_id=${form.id}&format=csv`, { token: formOnly })).statusCode).toBe(403);
  });
});
