import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writableColumns } from './writable.ts';

const create = z.object({ code: z.string(), name: z.string(), product_ids: z.array(z.number()) }).strict();
const update = z
  .object({ name: z.string(), status: z.number().default(1), product_ids: z.array(z.number()), version: z.number() })
  .strict()
  .refine((b) => b.name !== '', { path: ['name'] });

describe('writableColumns', () => {
  it('is the union of the bodies keys, less version and the keys that are not columns, plus the server columns', () => {
    expect(writableColumns([create, update], { notColumns: ['product_ids'], serverColumns: ['position'] })).toEqual(['code', 'name', 'status', 'position']);
  });

  it('reads bodies behind a pipe', () => {
    expect(writableColumns([create.transform((b) => b)], { notColumns: ['product_ids'] })).toEqual(['code', 'name']);
  });

  it('refuses a key named as not a column that no body has (a stale list)', () => {
    expect(() => writableColumns([create], { notColumns: ['store_ids'] })).toThrow('store_ids is in no body');
  });
});
