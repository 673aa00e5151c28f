import type { JsonSchema } from './schema-arbitraries.ts';

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the OpenAPI document, as the fuzzer needs it. */
export interface FuzzOperation {
  id: string;
  method: string;
  /** The OpenAPI path, parameters as `{name}`. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body?: { required: boolean; contentType: string; schema: JsonSchema } | undefined;
}

interface RawParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface RawOperation {
  operationId?: string;
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document, in document order (so a fixed seed always makes the same requests). */
export function operationsOf(doc: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      if (!METHODS.has(method)) continue;
      const params = (op.parameters ?? []).map((p) => ({ in: p.in, name: p.name, required: p.required ?? p.in === 'path', schema: p.schema ?? {} }));
      const content = Object.entries(op.requestBody?.content ?? {})[0];
      operations.push({
        id: op.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        body: content ? { required: op.requestBody?.required ?? false, contentType: content[0], schema: content[1].schema ?? {} } : undefined,
      });
    }
  }
  return operations;
}
