import { describe, expect, it } from 'vitest';
import { MENU_BY_KEY } from '../access/registry.ts';
import { SHELL_SPEC_PATHS } from '../access/spec-paths.ts';
import { PRINT_PREVIEW_PATHS, previewEntries, previewHref, previewKindOf, previewTarget } from './print-preview.ts';

const entry = (key: string) => MENU_BY_KEY.get(key)!;

describe('print previews', () => {
  it('are the spec’s two paths, shell paths of pandora', () => {
    expect(Object.values(PRINT_PREVIEW_PATHS)).toEqual(['/admin/pandora/analytic/preview', '/admin/pandora/preview']);
    for (const path of Object.values(PRINT_PREVIEW_PATHS)) expect(SHELL_SPEC_PATHS).toContain(path);
  });

  it('print the dashboards as analytics and the built reports as reports, never a lookup or another area', () => {
    expect(previewKindOf(entry('pandora.customer-analytics'))).toBe('dashboard');
    expect(previewKindOf(entry('pandora.dashboard-analytics/sales'))).toBe('dashboard');
    expect(previewKindOf(entry('pandora.report/disbursement'))).toBe('report');
    expect(previewKindOf(entry('pandora.voucher-report'))).toBe('report');
    expect(previewKindOf(entry('pandora.check-voucher-status'))).toBeUndefined();
    expect(previewKindOf(entry('cms.order-management'))).toBeUndefined();
    expect(previewEntries('dashboard').map((e) => e.key)).toContain('pandora.sales-dashboard');
    expect(previewEntries('dashboard').every((e) => e.group === 'Dashboards')).toBe(true);
    expect(previewEntries('report').some((e) => e.group === 'Dashboards')).toBe(false);
  });

  it('take a dashboard’s page or detail page, a report’s page, case and a trailing slash aside', () => {
    expect(previewTarget('dashboard', '/admin/pandora/customer-analytics')).toEqual({ entry: entry('pandora.customer-analytics'), path: '/admin/pandora/customer-analytics' });
    expect(previewTarget('dashboard', '/admin/pandora/Customer-Analytics/qpc-per-transaction/')).toMatchObject({ path: '/admin/pandora/customer-analytics/qpc-per-transaction' });
    expect(previewTarget('report', '/admin/pandora/report/monthly-recap')).toMatchObject({ path: '/admin/pandora/report/monthly-recap' });
    expect(previewTarget('report', '/admin/pandora/report-helpdesk/summary')).toMatchObject({ path: '/admin/pandora/report-helpdesk/summary' });
  });

  it('refuse no path, the other preview’s pages, unknown detail types, records, other areas and foreign addresses', () => {
    expect(previewTarget('dashboard', undefined)).toEqual({ problem: 'missing' });
    expect(previewTarget('dashboard', '  ')).toEqual({ problem: 'missing' });
    for (const [kind, path] of [
      ['report', '/admin/pandora/sales-dashboard'],
      ['dashboard', '/admin/pandora/report/monthly-recap'],
      ['dashboard', '/admin/pandora/customer-analytics/nowhere'],
      ['report', '/admin/pandora/report/all-transactions/12/detail'],
      ['report', '/admin/aphrodite/order-management'],
      ['dashboard', 'https://evil.example/admin/pandora/sales-dashboard'],
      ['dashboard', '//evil.example/admin/pandora/sales-dashboard'],
      ['dashboard', '/admin/pandora/sales-dashboard?from=2025-01-01'],
      ['dashboard', '/admin/pandora/analytic/preview'],
    ] as const) {
      expect(previewTarget(kind, path), `${kind} ${path}`).toEqual({ problem: 'not-previewable' });
    }
  });

  it('link a page with its filters to its preview, and nothing else', () => {
    expect(previewHref('/admin/pandora/customer-analytics/apc-per-customer?from=2025-01-01&to=2025-01-31&store_code=S0001')).toBe(
      '/admin/pandora/analytic/preview?path=%2Fadmin%2Fpandora%2Fcustomer-analytics%2Fapc-per-customer&from=2025-01-01&to=2025-01-31&store_code=S0001',
    );
    expect(previewHref('/admin/pandora/report/disbursement?date_from=2025-01-01&path=/elsewhere#top')).toBe('/admin/pandora/preview?path=%2Fadmin%2Fpandora%2Freport%2Fdisbursement&date_from=2025-01-01');
    expect(previewHref('/admin/pandora/sales-dashboard')).toBe('/admin/pandora/analytic/preview?path=%2Fadmin%2Fpandora%2Fsales-dashboard');
    expect(previewHref('/admin/pandora/check-voucher-status')).toBeUndefined();
    expect(previewHref('/admin/aphrodite/consumer')).toBeUndefined();
  });
});
