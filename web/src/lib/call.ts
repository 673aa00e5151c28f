import type { z } from 'zod';
import { pathOf, type AnyEndpoint, type EndpointAddress, type ParamNames } from '@portal/contract';
import { apiUrl, request, type Query } from './api.ts';

type QueryValue = string | number | boolean | null | undefined;
/** A query's keys are checked against the endpoint's schema; its values travel as URL text. */
type QueryArg<Q> = Q extends z.ZodType ? { query?: { [K in keyof z.input<Q>]?: QueryValue } } : { query?: undefined };
type BodyArg<B> = B extends z.ZodType ? { body: z.input<B> } : { body?: undefined };

/** The arguments of a call: the path's parameters by name, the query and the body, as the endpoint declares them. */
export type CallArgs<E extends AnyEndpoint> = { [K in ParamNames<E['path']>]: string | number } & QueryArg<E['query']> & BodyArg<E['body']>;

/** What a JSON endpoint answers in the envelope's `data`. */
export type DataOf<E extends AnyEndpoint> = E['data'] extends z.ZodType ? z.output<E['data']> : never;

type Rest<E extends AnyEndpoint> = object extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

/** Calls a contract endpoint: `call(storesApi.get, { id })`. The path, the arguments and the answer are the contract's. */
export function call<E extends AnyEndpoint>(ep: E, ...[args]: Rest<E>): Promise<{ message: string; data: DataOf<E> }> {
  return callEndpoint(ep, args ?? {});
}

/**
 * `call` by an endpoint's address alone, for the first screen, which loads no schema library:
 * `callAt<typeof authApi.signIn>(FIRST_SCREEN_ADDRESS.signIn, { body })`. The endpoint, named only as a type, types
 * the arguments and the answer, and its path must be the address's.
 */
export function callAt<E extends AnyEndpoint>(at: EndpointAddress<E['path']>, ...[args]: Rest<E>): Promise<{ message: string; data: DataOf<E> }> {
  return callEndpoint(at, args ?? {});
}

/**
 * The untyped form of `call`, for the generic screens that hold a resource's endpoints without their schemas (their
 * Row and Detail types come from the view).
 */
export function callEndpoint<T>(ep: EndpointAddress, args: { query?: Query; body?: unknown } & Record<string, unknown>): Promise<{ message: string; data: T }> {
  const { query, body, ...params } = args;
  return request(ep.method, pathOf(ep, params), ep.method === 'GET' || ep.method === 'DELETE' ? undefined : (body ?? {}), query);
}

/** The URL of an endpoint (downloads, links, event streams), with its parameters and query. */
export function urlOf<E extends AnyEndpoint>(ep: E, ...[args]: Rest<E>): string {
  return endpointUrl(ep, args ?? {});
}

/** The untyped form of `urlOf`, for generic screens (an export button over any list). */
export function endpointUrl(ep: AnyEndpoint, args: { query?: Query; body?: unknown } & Record<string, unknown>): string {
  const { query, body: _body, ...params } = args;
  return apiUrl(pathOf(ep, params), query);
}
