import { describe, expect, it } from 'vitest';
import { pandoraEntryOf, sharedPath } from './share-path.ts';

describe('share path', () => {
  it('finds the pandora entry of a screen, the longest route first', () => {
    expect(pandoraEntryOf('/admin/pandora/planogram-analytics/top-click')?.key).toBe('pandora.planogram-analytics');
    expect(pandoraEntryOf('/admin/pandora/dashboard-analytics/content/offer')?.key).toBe('pandora.dashboard-analytics/content');
    expect(pandoraEntryOf('/admin/pandora/sales-dashboard')?.key).toBe('pandora.sales-dashboard');
    expect(pandoraEntryOf('/admin/pandora/sales-dashboardx')).toBeUndefined();
    expect(pandoraEntryOf('/admin/aphrodite/offers')).toBeUndefined();
  });

  it('shares the path with its filters, without the export trigger', () => {
    expect(sharedPath('/admin/pandora/planogram-analytics/top-click?from=2026-11-01&to=2026-11-29&page=2')).toBe('/admin/pandora/planogram-analytics/top-click?from=2026-11-01&to=2026-11-29&page=2');
    expect(sharedPath('/admin/pandora/planogram-analytics?export=xlsx')).toBe('/admin/pandora/planogram-analytics');
    expect(sharedPath('/admin/pandora/planogram-analytics?store_code=S001%2CS002&export=xlsx&channel=1')).toBe('/admin/pandora/planogram-analytics?store_code=S001%2CS002&channel=1');
  });
});
