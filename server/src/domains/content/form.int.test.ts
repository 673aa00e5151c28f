import { beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail, FormRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';
import { createAppConsumer } from '../../../test/fixtures/helpdesk.fixtures.ts';
import { surveyBody } from '../../../test/fixtures/survey.fixtures.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

describe('cms polling and survey: forms', () => {
  const h = useHarness();
  let admin: string;
  let looker: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    await createStaff(h.testDb.database.db, 'form.looker', [{ entry: 'cms.form', action: 'view' }]);
    looker = await h.tokenOf('form.looker');
  });

  const ok = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const refused = async (method: string, url: string, body: unknown, status: number, token = admin) => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
    return res.json<{ message: string; details?: { path: string; message: string }[] }>();
  };
  const create = (extra: Record<string, unknown> = {}) => ok<FormDetail>('POST', '/api/v1/forms', surveyBody(h.clock.now(), extra));
  const asBody = (f: FormDetail) => ({
    ...surveyBody(h.clock.now()),
    name: f.name,
    status: f.status,
    start_at: f.start_at,
    end_at: f.end_at,
    questions: f.questions.map(({ id: _i, position: _p, ...q }) => q),
    version: f.version,
  });

  it('creates a form with its five questions as rows in order, and audits it', async () => {
    const form = await create();
    expect(form.questions.map((q) => [q.position, q.type])).toEqual([[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]]);
    expect(form.questions[2]).toMatchObject({ scale_min: 1, scale_max: 5, min_label: 'Kurang', max_label: 'Sangat', required: true });
    expect(form).toMatchObject({ status: 1, question_count: 5, response_count: 0, version: 1, created_by_name: expect.any(String) });
    const log = await ok<List<{ id: number; action: string; entity_id: string }>>('GET', '/api/v1/log-history?entity=form&limit=1');
    expect(log.data[0]).toMatchObject({ action: 'create', entity_id: String(form.id) });
  });

  it('refuses bad questions with the field named: too few options, a scale without room, publishing without questions', async () => {
    const b = surveyBody(h.clock.now());
    const qs = b.questions as Record<string, unknown>[];
    let res = await refused('POST', '/api/v1/forms', { ...b, questions: [{ ...qs[0], options: ['Satu'] }] }, 400);
    expect(res.message).toMatch(/at least two options/);
    res = await refused('POST', '/api/v1/forms', { ...b, questions: [{ ...qs[2], scale_min: 5, scale_max: 5 }] }, 400);
    expect(res.message).toMatch(/above its lowest/);
    res = await refused('POST', '/api/v1/forms', { ...b, questions: [{ text: 'Apa?', type: 4, options: ['x', 'y'] }] }, 400);
    expect(res.message).toMatch(/Only a choice question has options/);
    res = await refused('POST', '/api/v1/forms', { ...b, status: 2, questions: [] }, 400);
    expect(res.message).toMatch(/at least one question before publishing/);
    res = await refused('POST', '/api/v1/forms', { ...b, targeting: 1 }, 400);
    expect(res.message).toMatch(/consumer tag or region/);
    res = await refused('POST', '/api/v1/forms', { ...b, end_at: b.start_at }, 400);
    expect(res.message).toMatch(/End must be after the start/);
    await refused('POST', '/api/v1/forms', { ...b, targeting: 1, province_codes: ['99'] }, 400);
    await refused('POST', '/api/v1/forms', { ...b, name: 5, questions: 'none' }, 400);
    await refused('GET', '/api/v1/forms?status=9', undefined, 400);
  });

  it('lists with filters, search and sort, and reads a detail', async () => {
    const published = await create({ name: 'Survei Terbit Unik', status: 2 });
    const list = await ok<List<FormRow>>('GET', '/api/v1/forms?status=2&limit=100');
    expect(list.data.map((f) => f.id)).toContain(published.id);
    expect(list.data.every((f) => f.status === 2)).toBe(true);
    const found = await ok<List<FormRow>>('GET', '/api/v1/forms?search=terbit%20unik');
    expect(found.data.map((f) => f.id)).toEqual([published.id]);
    const byName = await ok<List<FormRow>>('GET', '/api/v1/forms?sort_by=name&sort_dir=asc&limit=100');
    const names = byName.data.map((f) => f.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await ok<FormDetail>('GET', `/api/v1/forms/${published.id}`)).questions).toHaveLength(5);
    await refused('GET', '/api/v1/forms/999999', undefined, 404);
  });

  it('reorders and rewrites questions on edit; a stale version is a 409', async () => {
    const form = await create();
    const body = asBody(form);
    const [first, second, ...rest] = body.questions;
    const saved = await ok<FormDetail>('PUT', `/api/v1/forms/${form.id}`, { ...body, questions: [second, first, ...rest] });
    expect(saved.questions.map((q) => q.text).slice(0, 2)).toEqual(['Produk yang dibeli?', 'Toko favorit?']);
    expect(saved.version).toBe(2);
    const stale = await refused('PUT', `/api/v1/forms/${form.id}`, body, 409);
    expect(stale.message).toMatch(/changed/i);
  });

  it('answers 403 without the right: a viewer of forms cannot create, edit or delete', async () => {
    const form = await create();
    expect((await h.call('GET', '/api/v1/forms', { token: looker })).statusCode).toBe(200);
    await refused('POST', '/api/v1/forms', surveyBody(h.clock.now()), 403, looker);
    await refused('PUT', `/api/v1/forms/${form.id}`, asBody(form), 403, looker);
    await refused('DELETE', `/api/v1/forms/${form.id}?version=${form.version}`, undefined, 403, looker);
  });

  it('deletes a form without responses; refuses to delete, re-question or un-publish a form with responses', async () => {
    const empty = await create();
    await refused('DELETE', `/api/v1/forms/${empty.id}?version=${empty.version + 1}`, undefined, 409);
    await ok('DELETE', `/api/v1/forms/${empty.id}?version=${empty.version}`);
    await refused('GET', `/api/v1/forms/${empty.id}`, undefined, 404);

    const form = await create({ status: 2 });
    const consumer = await createAppConsumer(h.testDb.database.db, 'Rina Survei', 'Rahasia@123');
    const signIn = await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: consumer.phone, password: 'Rahasia@123' } });
    const token = signIn.json<{ data: { token: string } }>().data.token;
    const [q1, , q3] = form.questions;
    const answered = await h.call('POST', `/api/v1/app/forms/${form.id}/responses`, {
      token,
      body: { answers: [{ question_id: q1!.id, choices: [0] }, { question_id: q3!.id, scale: 4 }] },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const current = await ok<FormDetail>('GET', `/api/v1/forms/${form.id}`);
    expect(current.response_count).toBe(1);
    const del = await refused('DELETE', `/api/v1/forms/${form.id}?version=${current.version}`, undefined, 409);
    expect(del.message).toBe('This form has 1 response(s) and cannot be deleted');
    const body = asBody(current);
    const reworded = await refused('PUT', `/api/v1/forms/${form.id}`, { ...body, questions: [{ ...body.questions[0], text: 'Lain' }, ...body.questions.slice(1)] }, 409);
    expect(reworded.message).toMatch(/questions can no longer be changed/);
    await refused('PUT', `/api/v1/forms/${form.id}`, { ...body, status: 1 }, 409);
    // The same questions with another name and status (closed) are fine.
    const closed = await ok<FormDetail>('PUT', `/api/v1/forms/${form.id}`, { ...body, name: 'Ditutup', status: 3 });
    expect(closed).toMatchObject({ name: 'Ditutup', status: 3, response_count: 1 });
    expect(closed.questions.map((q) => q.id)).toEqual(current.questions.map((q) => q.id));
  });
});
