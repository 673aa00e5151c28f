import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appSurveyApi, formsApi, maskPhone, responsesApi, type AnyEndpoint, type ResponseRow } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../platform/access-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import { appConsumer, type ConsumerAuthService } from '../../platform/consumer-auth.ts';
import { registerResourceRoutes } from '../../platform/crud/index.ts';
import { notFound } from '../../platform/errors.ts';
import { PersonalDataAccessLog, seesPersonalData } from '../../platform/personal-data.ts';
import { serve } from '../../platform/serve.ts';
import { FormService } from './form.resource.ts';
import { ResponseService } from './response.service.ts';

export interface SurveyServices {
  forms: FormService;
  responses: ResponseService;
}

export const surveyServices = (db: Db): SurveyServices => ({ forms: new FormService(db), responses: new ResponseService(db) });

/** Polling and survey: the staff's forms and responses, and the consumer app's forms to answer under `app/forms`. */
export function registerSurveyRoutes(app: FastifyInstance, s: SurveyServices, deps: { db: Db; clock: Clock; consumerAuth: ConsumerAuthService }): void {
  const { clock } = deps;
  const accessLog = new PersonalDataAccessLog(deps.db, clock);
  /** The consumer's phone as the caller may see it; an unmasked answer is recorded in the personal-data access log. */
  const shown = async <T extends ResponseRow>(req: FastifyRequest, endpoint: AnyEndpoint, rows: T[]): Promise<T[]> => {
    const open = seesPersonalData(actorOf(req).perms);
    await accessLog.recordIf(open, req, endpoint, rows.map((r) => r.consumer_id));
    return open ? rows : rows.map((r) => ({ ...r, phone: maskPhone(r.phone) }));
  };

  registerResourceRoutes(app, s.forms, clock, formsApi);
  serve(app, formsApi.summary, async (req) => ({ message: 'Success', data: await s.responses.summary(req.params.id) }));

  serve(app, responsesApi.list, async (req) => {
    const page = await s.responses.list(req.query);
    return { message: 'Success', data: { ...page, data: await shown(req, responsesApi.list, page.data) } };
  });
  serve(app, responsesApi.get, async (req) => {
    const [row] = await shown(req, responsesApi.get, [await s.responses.get(req.params.id)]);
    return { message: 'Success', data: row! };
  });

  const consumerOnly = { onRequest: deps.consumerAuth.guard };
  serve(app, appSurveyApi.forms, async (req) => ({ message: 'Success', data: await s.responses.offered(appConsumer(req).consumerId, clock.now()) }), consumerOnly);
  serve(
    app,
    appSurveyApi.form,
    async (req) => {
      const [form] = await s.responses.offered(appConsumer(req).consumerId, clock.now(), req.params.id);
      if (!form) throw notFound('Form');
      return { message: 'Success', data: form };
    },
    consumerOnly,
  );
  serve(
    app,
    appSurveyApi.answer,
    async (req) => ({
      message: 'Success',
      data: await s.responses.answer(req.params.id, appConsumer(req).consumerId, req.body, { actor: null, ip: req.ip, now: clock.now() }),
    }),
    consumerOnly,
  );
}
