import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { newPage, shot } from '../support/browser.ts';
import { jakartaText, pick, typeDate } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { DEMO_PASSWORD, signIn } from '../support/session.ts';

/** The first demo consumer of the consumer API (the consumers seed's first phone; its password is the demo one). */
const DEMO_CONSUMER_PHONE = '6281300007919';

interface AppForm {
  id: number;
  name: string;
  questions: { id: number; text: string; type: number; options: string[] }[];
}

describe('polling and survey', () => {
  const portal = usePortal();

  it('builds a form with the five question types, reorders and publishes it, a consumer answers it in the app, and the response and its report show', { timeout: 240_000 }, async () => {
    const name = 'Survei Uji E2E';
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.goto('/admin/aphrodite/form/create');
    await page.getByTestId('resource-form').waitFor();
    await page.getByTestId('field-name').fill(name);
    await pick(page, '#form_status', 'Published');
    await typeDate(page, '#form_start_at', jakartaText(Date.now() - 3_600_000));
    await typeDate(page, '#form_end_at', jakartaText(Date.now() + 7 * 86_400_000));

    const questions: [string, string][] = [
      ['Toko favorit?', 'Single choice'],
      ['Produk yang dibeli?', 'Multiple choice'],
      ['Seberapa puas?', 'Scale'],
      ['Kota asal?', 'Text response'],
      ['Saran Anda?', 'Long text response'],
    ];
    for (const [i, [text, type]] of questions.entries()) {
      const n = i + 1;
      await page.getByTestId('question-add').click();
      await page.getByTestId(`question-${n}-text`).fill(text);
      if (type !== 'Single choice') await pick(page, `[data-testid=question-${n}-type]`, type);
    }
    for (const [n, options] of [[1, ['Jakarta', 'Bandung']], [2, ['Sayur', 'Buah']]] as const) {
      for (const [i, option] of options.entries()) await page.getByTestId(`question-${n}-option-${i + 1}`).fill(option);
    }
    await page.getByTestId('question-1-required').click();
    // The first question moves below the second by its arrow (the keyboard's and one pointer's way to reorder).
    await page.getByTestId('question-list').locator('[data-testid^=order-down-]').first().click();
    await expect.poll(() => page.getByTestId('question-1-text').inputValue()).toBe('Produk yang dibeli?');
    await shot(page, 'survey-form-builder');

    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/forms') && r.request().method() === 'POST');
    await page.getByTestId('form-submit').click();
    const createdRes = await created;
    expect(createdRes.status(), await createdRes.text()).toBe(200);
    const form = (await createdRes.json()).data as { id: number; status: number; questions: { text: string; type: number; required: boolean }[] };
    expect(form.status).toBe(2);
    expect(form.questions.map((q) => [q.text, q.type])).toEqual([
      ['Produk yang dibeli?', 2],
      ['Toko favorit?', 1],
      ['Seberapa puas?', 3],
      ['Kota asal?', 4],
      ['Saran Anda?', 5],
    ]);
    expect(form.questions[1]!.required).toBe(true);

    // The consumer app: the demo consumer signs in, is offered the form and answers it once.
    const base = portal.server.url;
    const session = await apiCall<{ token: string; name: string }>(base, 'POST', '/api/v1/app/auth/sign-in', undefined, { phone: DEMO_CONSUMER_PHONE, password: DEMO_PASSWORD });
    const offered = await apiCall<AppForm[]>(base, 'GET', '/api/v1/app/forms', session.token);
    const mine = offered.find((f) => f.id === form.id);
    expect(mine?.questions).toHaveLength(5);
    const [multi, single, scale, text, long] = mine!.questions;
    await apiCall(base, 'POST', `/api/v1/app/forms/${form.id}/responses`, session.token, {
      answers: [
        { question_id: multi!.id, choices: [0, 1] },
        { question_id: single!.id, choices: [1] },
        { question_id: scale!.id, scale: 4 },
        { question_id: text!.id, text: 'Bogor' },
        { question_id: long!.id, text: 'Tambah kasir di sore hari' },
      ],
    });
    await expect(apiCall(base, 'POST', `/api/v1/app/forms/${form.id}/responses`, session.token, { answers: [{ question_id: single!.id, choices: [0] }] })).rejects.toThrow(/409/);

    // The staff sees the response in the list filtered by the form, and every answer on its detail.
    await page.goto(`/admin/aphrodite/response?form_id=${form.id}`);
    const row = page.locator('tbody tr').filter({ hasText: session.name });
    await row.waitFor();
    await row.getByRole('link', { name: session.name }).click();
    await page.getByTestId('response-answers').waitFor();
    for (const shown of ['Sayur, Buah', 'Bandung', '4', 'Bogor', 'Tambah kasir di sore hari']) await page.getByTestId('response-answers').getByText(shown, { exact: true }).waitFor();
    await shot(page, 'survey-response-detail');

    // The form's detail counts the answers and exports the report, a column per question.
    await page.goto(`/admin/aphrodite/form/${form.id}/detail`);
    await page.getByTestId('form-summary').waitFor();
    await expect.poll(() => page.getByTestId('summary-q2-option-2').textContent()).toBe('1');
    await page.getByTestId('export-button').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^response_\d{8}_\d{6}\.csv$/);
    const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('1. Produk yang dibeli?');
    expect(lines[0]).toContain('5. Saran Anda?');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Sayur, Buah"');
    expect(lines[1]).toContain('Bogor');
  });
});
