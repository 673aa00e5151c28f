import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDateTime } from '@portal/contract';
import { iso } from '../pagination.ts';
import { rowReader } from './row-reader.ts';

const row = z.object({
  id: z.number().int(),
  code: z.string(),
  price: z.number(),
  promo_price: z.number().int().nullable(),
  is_active: z.boolean(),
  kind: z.enum(['offer', 'banner']),
  gender: z.union([z.literal(1), z.literal(2)]),
  start_date: z.string(),
  created_at: isoDateTime,
  solved_at: isoDateTime.nullable(),
  ids: z.array(z.number().int()),
  codes: z.array(z.string()),
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), at: isoDateTime })),
  payload: z.unknown(),
  note: z.string().optional(),
  version: z.number().int(),
});

const read = rowReader(row);

/** One row as PostgreSQL (node-postgres through drizzle) answers it: bigint, numeric and count(*) as text, timestamptz as text. */
const fromPg = {
  id: '42',
  code: 'A-1',
  price: '12500.50',
  promo_price: null,
  is_active: true,
  kind: 'offer',
  gender: 2,
  start_date: '2025-01-31',
  created_at: '2025-01-31 03:04:05.678912+00',
  solved_at: '2025-02-01 10:00:00+07',
  ids: ['1', '2'],
  codes: ['31', '32'],
  tags: [{ id: 7, name: 'VIP', at: '2025-01-31T03:04:05.678912+00:00' }],
  payload: { a: 1 },
  version: 3,
  extra: 'not in the contract',
};

/** The same row as PGlite answers it: int8 as a number, numeric as text, booleans as text in a few spots. */
const fromPglite = { ...fromPg, id: 42, price: '12500.50', is_active: 't', ids: [1, 2], created_at: '2025-01-31 03:04:05.678+00', solved_at: null };

const expected = {
  id: 42,
  code: 'A-1',
  price: 12500.5,
  promo_price: null,
  is_active: true,
  kind: 'offer',
  gender: 2,
  start_date: '2025-01-31',
  created_at: '2025-01-31T03:04:05.678Z',
  solved_at: '2025-02-01T03:00:00.000Z',
  ids: [1, 2],
  codes: ['31', '32'],
  tags: [{ id: 7, name: 'VIP', at: '2025-01-31T03:04:05.678Z' }],
  payload: { a: 1 },
  version: 3,
};

describe('rowReader', () => {
  it('reads a PostgreSQL row as the contract has it, and nothing the contract does not name', () => {
    const out = read(fromPg);
    expect(out).toStrictEqual(expected);
    expect(Object.keys(out)).toEqual(Object.keys(expected));
    expect(row.parse(out)).toStrictEqual(out);
  });

  it('reads a PGlite row the same way', () => {
    expect(read(fromPglite)).toStrictEqual({ ...expected, solved_at: null });
  });

  it('writes moments exactly as iso() does, whatever form the driver answered', () => {
    for (const v of ['2025-01-31 03:04:05.678912+00', '2025-01-31 10:04:05+07', '2025-01-31T03:04:05.6+00:00', new Date(Date.UTC(2025, 0, 31, 3, 4, 5, 6))]) {
      expect(read({ ...fromPg, created_at: v }).created_at).toBe(iso(v));
    }
    expect(iso('2025-01-31 03:04:05.678912+00')).toBe('2025-01-31T03:04:05.678Z');
  });

  it('leaves a plain string that looks like a moment alone', () => {
    expect(read({ ...fromPg, code: '2025-01-31 03:04:05+00' }).code).toBe('2025-01-31 03:04:05+00');
  });

  it('reads booleans from true/false, t/f and true/false text', () => {
    for (const [v, b] of [[true, true], [false, false], ['t', true], ['f', false], ['true', true], ['false', false]] as const) {
      expect(read({ ...fromPg, is_active: v }).is_active).toBe(b);
    }
  });

  it('reads numbers from bigints, numeric text and count text', () => {
    expect(read({ ...fromPg, id: 9007199254740991n }).id).toBe(9007199254740991);
    expect(read({ ...fromPg, price: '0' }).price).toBe(0);
    expect(read({ ...fromPg, price: 0.25 }).price).toBe(0.25);
  });

  it('answers null for a nullable field that is null or not selected, and leaves an optional one out', () => {
    const { promo_price: _p, solved_at: _s, ...rest } = fromPg;
    const out = read(rest);
    expect(out.promo_price).toBeNull();
    expect(out.solved_at).toBeNull();
    expect('note' in out).toBe(false);
    expect(read({ ...fromPg, note: 42 }).note).toBe('42');
  });

  it('takes null for a union with null and for unknown, reading other values by the union', () => {
    const shown = rowReader(z.object({ value: z.union([z.number(), z.null()]), payload: z.unknown() }));
    expect(shown({ value: null, payload: null })).toEqual({ value: null, payload: null });
    expect(shown({ value: '12', payload: { a: 1 } })).toEqual({ value: 12, payload: { a: 1 } });
    expect(() => rowReader(z.object({ value: z.union([z.number(), z.string()]) }))({ value: null })).toThrow('Row field value has no value');
  });

  it('refuses a required field the query did not fill, naming it', () => {
    expect(() => read({ ...fromPg, code: null })).toThrow('Row field code has no value');
    const { version: _v, ...noVersion } = fromPg;
    expect(() => read(noVersion)).toThrow('Row field version has no value');
    expect(() => read({ ...fromPg, tags: [{ id: 1, name: null, at: '2025-01-31 00:00:00+00' }] })).toThrow('Row field tags[0].name has no value');
  });

  it('parses json text of nested lists and objects by their schema', () => {
    const out = read({ ...fromPg, tags: JSON.stringify([{ id: '8', name: 'New', at: '2025-03-01T00:00:00+07:00' }]) });
    expect(out.tags).toStrictEqual([{ id: 8, name: 'New', at: '2025-02-28T17:00:00.000Z' }]);
  });

  it('reads a date field as a Date (the server compares moments of its own rows)', () => {
    const readLock = rowReader(z.object({ locked_until: z.date().nullable() }));
    expect(readLock({ locked_until: '2025-01-31 03:04:05.678+00' }).locked_until).toStrictEqual(new Date('2025-01-31T03:04:05.678Z'));
    expect(readLock({ locked_until: null }).locked_until).toBeNull();
  });

  it('reads a schema without computed fields, so the caller adds them', () => {
    const readBase = rowReader(row.pick({ id: true, code: true }));
    expect({ ...readBase(fromPg), masked: true }).toStrictEqual({ id: 42, code: 'A-1', masked: true });
  });
});
