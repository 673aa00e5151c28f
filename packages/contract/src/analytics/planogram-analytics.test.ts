import { describe, expect, it } from 'vitest';
import { specPathsOf } from '../access/spec-paths.ts';
import { PLANOGRAM_MEASURES, planogramDetailOf, planogramDetailType } from './planogram-analytics.schema.ts';
import { PLANOGRAM_DETAIL_TYPES } from './planogram-detail.ts';

describe('planogram analytics detail types', () => {
  it('name every ranking once, each read back as the ranking it names', () => {
    const rankings = PLANOGRAM_DETAIL_TYPES.filter((t) => planogramDetailOf(t).kind === 'ranking');
    expect(rankings).toHaveLength(PLANOGRAM_MEASURES.length * 2 * 2);
    for (const level of ['planogram', 'product'] as const) {
      for (const measure of PLANOGRAM_MEASURES) {
        for (const order of ['desc', 'asc'] as const) {
          const type = planogramDetailType(level, measure, order);
          expect(PLANOGRAM_DETAIL_TYPES).toContain(type);
          expect(planogramDetailOf(type)).toEqual({ kind: 'ranking', level, measure, order });
        }
      }
    }
    expect(planogramDetailType('product', 'carts', 'asc')).toBe('bottom-cart-item');
    expect(planogramDetailOf('summary')).toEqual({ kind: 'summary' });
    expect(planogramDetailOf('product')).toEqual({ kind: 'list', level: 'product' });
  });

  it('are the spec paths of the entry, each under its route', () => {
    const base = '/admin/pandora/planogram-analytics';
    expect(specPathsOf('pandora.planogram-analytics').map((p) => p.path)).toEqual([base, ...PLANOGRAM_DETAIL_TYPES.map((t) => `${base}/${t}`)]);
  });
});
