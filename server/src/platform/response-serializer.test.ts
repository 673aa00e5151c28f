import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS, envelope } from '@portal/contract';
import { compiledFor, responseSerializerCompiler } from './response-serializer.ts';

type Serialize = (data: unknown) => string;
const serializerOf = (schema: z.ZodType, check = false) =>
  (responseSerializerCompiler({ check }) as unknown as (route: { schema: unknown; method: string; url: string }) => Serialize)({ schema, method: 'GET', url: '/t' });

const row = z.object({
  id: z.number().int(),
  name: z.string(),
  score: z.number().int().min(0).max(10).nullable(),
  owner: z.object({ id: z.number().int(), tags: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable(),
  note: z.string().max(20).nullable().optional(),
  kind: z.enum(['a', 'b']).optional(),
  extra: z.unknown(),
  /** Named like JSON Schema keywords. */
  format: z.enum(['csv', 'xlsx']),
  pattern: z.string().nullable(),
});

describe('the compiled response serializer', () => {
  it('compiles the answer of every endpoint of the contract', () => {
    const answers = ENDPOINTS.filter((e) => typeof e.data !== 'string');
    expect(answers.length).toBeGreaterThan(300);
    const fallback = answers.filter((e) => compiledFor(envelope(e.data as z.ZodType)) === null).map((e) => e.id);
    expect(fallback).toEqual([]);
  });

  it('writes what zod would: declared properties only, nulls, optional ones left out, text escaped', () => {
    const write = serializerOf(row);
    const value = { id: 1, name: 'A "quoted"\n name', score: null, owner: { id: 2, tags: { x: 'y', n: 3 } }, kind: 'a', extra: { deep: [1] }, format: 'csv', pattern: 'p', secret: 'never sent' };
    expect(JSON.parse(write(value))).toEqual({ id: 1, name: 'A "quoted"\n name', score: null, owner: { id: 2, tags: { x: 'y', n: 3 } }, kind: 'a', extra: { deep: [1] }, format: 'csv', pattern: 'p' });
    const short = { id: 1, name: 'n', score: 5, owner: null, note: null, format: 'xlsx', pattern: null };
    expect(JSON.parse(write(short))).toEqual(short);
  });

  it('refuses an answer missing a required property', () => {
    expect(() => serializerOf(row)({ id: 1, score: null, owner: null, format: 'csv', pattern: null })).toThrow();
  });

  it('checks every answer against zod when asked, as the tests do', () => {
    const checked = serializerOf(row, true);
    const good = { id: 1, name: 'n', score: 5, owner: null, extra: 'x', format: 'csv', pattern: null };
    expect(JSON.parse(checked(good))).toEqual(good);
    expect(() => checked({ ...good, score: 11 })).toThrow("Response doesn't match the schema");
    expect(() => checked({ ...good, id: '1' })).toThrow("Response doesn't match the schema");
  });

  it('keeps zod for an answer JSON Schema cannot describe', () => {
    const dated = z.object({ at: z.date() });
    expect(compiledFor(dated)).toBeNull();
    expect(JSON.parse(serializerOf(dated)({ at: new Date('2026-01-02T03:04:05.000Z') }))).toEqual({ at: '2026-01-02T03:04:05.000Z' });
  });
});
