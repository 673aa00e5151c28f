import { CHOICE_TYPES, QUESTION_SCALE, type AnswerInput, type AppForm } from '@portal/contract';

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

const TEXTS = ['Pelayanan ramah', 'Tolong tambah varian kopi', 'Parkir kadang penuh', 'Sudah bagus'];

/** An answer to each question of the form, varied by `seed`: an option, a value of the scale, a short text. */
export function answersFor(form: AppForm, seed: number): AnswerInput[] {
  return form.questions.map((q, i): AnswerInput => {
    const n = seed + i;
    if (CHOICE_TYPES.includes(q.type)) return { question_id: q.id, choices: [n % q.options.length] };
    if (q.type === QUESTION_SCALE) {
      const min = q.scale_min ?? 0;
      return { question_id: q.id, scale: min + (n % ((q.scale_max ?? min) - min + 1)) };
    }
    return { question_id: q.id, text: TEXTS[n % TEXTS.length]! };
  });
}

/** The consumer answers the first survey offered to it, if any; answers what it answered (its name) or null. */
export async function answerOneSurvey(call: Call, seed: number): Promise<string | null> {
  const [form] = await call<AppForm[]>('GET', '/api/v1/app/forms');
  if (!form) return null;
  await call('POST', `/api/v1/app/forms/${form.id}/responses`, { answers: answersFor(form, seed) });
  return form.name;
}
