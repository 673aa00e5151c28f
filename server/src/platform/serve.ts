import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { envelope, type AnyEndpoint, type Answer } from '@portal/contract';
import { refuseNulText } from './nul-text.ts';

export const API_PREFIX = '/api/v1/';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request of an endpoint's handler, typed by the endpoint's schemas (already validated when it runs). */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{ Params: Out<E['params']>; Querystring: Out<E['query']>; Body: Out<E['body']> }>;

/** What a JSON endpoint's handler answers: the envelope, its data as the contract's schema takes it. */
export type EndpointAnswer<E extends AnyEndpoint> = E['data'] extends z.ZodType ? { message: string; data: z.input<E['data']> } : FastifyReply | unknown;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route serves (its operationId); every /api/v1 route has one. */
    endpoint?: string;
  }
}

export interface ServeOptions {
  /** Further route config (auth/idle's `allowIdle`). */
  config?: Omit<FastifyContextConfig, 'permission' | 'endpoint'>;
  /** A body limit other than the app's (uploads). */
  bodyLimit?: number;
  /** Runs before the body is read or validated (a rate limiter counting every attempt, whatever its body). */
  onRequest?: onRequestAsyncHookHandler;
}

const isSchema = (a: Answer): a is z.ZodType => typeof a !== 'string';

/**
 * Registers the route of a contract endpoint: its method and path under /api/v1, its permission for the access guard,
 * its params, query and body validation, its response schema and its OpenAPI operation (id, summary, tag).
 */
export function serve<E extends AnyEndpoint>(
  app: FastifyInstance,
  ep: E,
  handler: (req: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointAnswer<E>>,
  opts: ServeOptions = {},
): void {
  app.route({
    method: ep.method,
    url: `${API_PREFIX}${ep.path}`,
    config: { ...opts.config, permission: ep.access, endpoint: ep.id },
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    ...(opts.onRequest ? { onRequest: opts.onRequest } : {}),
    preValidation: refuseNulText,
    schema: {
      operationId: ep.id,
      summary: ep.summary,
      tags: [ep.tag],
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.body ? { body: ep.body } : {}),
      ...(isSchema(ep.data) ? { response: { 200: envelope(ep.data) } } : {}),
    },
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
