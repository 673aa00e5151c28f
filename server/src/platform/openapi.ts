import { z } from 'zod';
import { ENDPOINTS, errorBody, errorStatuses, type AnyEndpoint } from '@portal/contract';

const ERROR_TEXT: Record<number, string> = {
  400: 'The input is not valid; `details` names each field and why',
  401: 'No session, or it has ended (on sign-in: the credentials or the code are wrong)',
  403: 'The session lacks the permission (on sign-in: the account is inactive)',
  404: 'No such record',
  409: 'Changed by someone else meanwhile (stale version), or its state forbids the action',
  413: 'The upload is too large',
  422: 'A business rule refuses the request',
  429: 'Too many attempts; try again later',
};

const NOT_JSON: Record<string, { description: string; content: Record<string, object> }> = {
  file: { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
  stream: { description: 'A stream of server-sent events', content: { 'text/event-stream': { schema: { type: 'string' } } } },
  html: { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } },
};

type Operation = { operationId?: string; responses?: Record<string, unknown> };
type Document = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

/**
 * Completes the generated OpenAPI document from the contract's endpoints: each operation gets its error answers with
 * the error body's schema, and endpoints that answer a file, a stream or a page their content type.
 */
export function completeOpenApi<D extends object>(document: D, endpoints: readonly AnyEndpoint[] = ENDPOINTS): D {
  const doc = document as Document;
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Error: z.toJSONSchema(errorBody, { target: 'draft-2020-12' }) } };
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(operations)) {
      const ep = op.operationId ? byId.get(op.operationId) : undefined;
      if (!ep) continue;
      const responses = { ...op.responses };
      if (typeof ep.data === 'string') responses['200'] = NOT_JSON[ep.data];
      for (const status of errorStatuses(ep)) {
        responses[String(status)] = { description: ERROR_TEXT[status] ?? 'Refused', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
      }
      op.responses = responses;
    }
  }
  return document;
}
