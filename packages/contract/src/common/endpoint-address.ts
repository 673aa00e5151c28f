/*
 * Where an endpoint answers, without its schemas: what a client needs to call it. Kept apart from `endpoint.ts`
 * (which builds on zod) so that the first screen can call the API without loading a schema library.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The names of the `:params` in a path template: `stores/:id/products` → `'id'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** An endpoint's address: its operation id, method and path template. */
export interface EndpointAddress<P extends string = string> {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: P;
}

/** The path of a call: the endpoint's template with its parameters filled in and encoded. */
export function pathOf(ep: { path: string; id: string }, params: Record<string, unknown> = {}): string {
  return ep.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${ep.id}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
