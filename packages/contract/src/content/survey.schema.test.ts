import { describe, expect, it } from 'vitest';
import { formCreateBody, formQuestionInput, responseCreateBody } from './survey.schema.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('survey questions and forms', () => {
  it('asks a choice question for two distinct options and nothing of a scale', () => {
    expect(messages(formQuestionInput.safeParse({ text: 'Toko?', type: 1, options: ['Jakarta'] }))).toEqual(['A choice question needs at least two options']);
    expect(messages(formQuestionInput.safeParse({ text: 'Toko?', type: 2, options: ['Jakarta', 'jakarta'] }))).toEqual(['An option is listed twice']);
    expect(messages(formQuestionInput.safeParse({ text: 'Toko?', type: 1, options: ['Jakarta', ''] }))).toEqual(['An option needs a text']);
    expect(messages(formQuestionInput.safeParse({ text: 'Toko?', type: 1, options: ['A', 'B'], scale_min: 1, scale_max: 5 }))).toEqual(['Only a scale question has a range']);
    expect(formQuestionInput.parse({ text: 'Toko?', type: 1, options: ['A', 'B'] })).toMatchObject({ required: false, scale_min: null });
  });

  it('asks a scale for a range that goes up, and a text question for no options', () => {
    expect(messages(formQuestionInput.safeParse({ text: 'Puas?', type: 3, scale_min: 5, scale_max: 5 }))).toEqual(['The highest value of a scale must be above its lowest']);
    expect(messages(formQuestionInput.safeParse({ text: 'Puas?', type: 3 }))).toEqual(['A scale needs its lowest and highest value']);
    expect(messages(formQuestionInput.safeParse({ text: 'Puas?', type: 3, scale_min: 0, scale_max: 11 }))).toEqual(['A scale ends at 10 or less']);
    expect(messages(formQuestionInput.safeParse({ text: 'Kota?', type: 4, options: ['x', 'y'] }))).toEqual(['Only a choice question has options']);
    expect(messages(formQuestionInput.safeParse({ text: 'Kota?', type: 6 }))).toEqual(['Question type must be one of 1, 2, 3, 4, 5']);
  });

  it('publishes a form only with a question, in a period that ends after it starts', () => {
    const base = { name: 'Survei', start_at: '2026-01-01T00:00:00+07:00', end_at: '2026-01-31T00:00:00+07:00' };
    expect(formCreateBody.safeParse(base).success).toBe(true);
    expect(messages(formCreateBody.safeParse({ ...base, status: 2 }))).toEqual(['Add at least one question before publishing']);
    expect(formCreateBody.safeParse({ ...base, status: 2, questions: [{ text: 'Kota?', type: 4 }] }).success).toBe(true);
    expect(messages(formCreateBody.safeParse({ ...base, end_at: base.start_at }))).toEqual(['End must be after the start']);
  });

  it('refuses the same question answered twice in one response', () => {
    expect(messages(responseCreateBody.safeParse({ answers: [{ question_id: 1, text: 'a' }, { question_id: 1, text: 'b' }] }))).toEqual(['A question is answered twice']);
  });
});
