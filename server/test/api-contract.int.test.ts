import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, errorStatuses } from '@portal/contract';
import { API_PREFIX } from '../src/platform/serve.ts';
import { useHarness } from './harness.ts';

const h = useHarness({}, { regions: false });

type Operation = { operationId?: string; summary?: string; tags?: string[]; responses?: Record<string, unknown> };

const keyOf = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

describe('the API is the contract', () => {
  it('declares every endpoint once, by a unique operationId and a unique method and path', () => {
    const ids = ENDPOINTS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = ENDPOINTS.map((e) => keyOf(e.method, e.path));
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('serves every declared endpoint, and no /api/v1 route without one', () => {
    const served = new Map(h.routes.filter((r) => r.url.startsWith(API_PREFIX)).map((r) => [keyOf(r.method, r.url), r]));
    const declared = new Set(ENDPOINTS.map((e) => keyOf(e.method, `${API_PREFIX}${e.path}`)));
    const missing = [...declared].filter((k) => !served.has(k));
    expect(missing).toEqual([]);
    const undeclared = [...served.keys()].filter((k) => !declared.has(k));
    expect(undeclared).toEqual([]);
  });

  it('documents every operation for client generators: operationId, summary, tag and its error answers', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const byId = new Map(ENDPOINTS.map((e) => [e.id, e]));
    let documented = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const ep = op.operationId ? byId.get(op.operationId) : undefined;
        if (!ep) continue;
        documented++;
        expect(`${method.toUpperCase()} ${path}`).toBe(keyOf(ep.method, `${API_PREFIX}${ep.path}`.replace(/:(\w+)/g, '{$1}')));
        expect(op.summary, op.operationId).toBeTruthy();
        expect(op.tags?.length, op.operationId).toBe(1);
        for (const status of errorStatuses(ep)) expect(op.responses?.[String(status)], `${op.operationId} ${status}`).toBeDefined();
      }
    }
    expect(documented).toBe(ENDPOINTS.length);
  });

  it('passes the recommended OpenAPI lint rules with no error', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.body, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
  });
});
