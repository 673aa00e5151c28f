import { describe, expect, it } from 'vitest';
import { logHistoryApi, productsApi, storesApi } from '@portal/contract';
import { exportUrl, fileNameOf } from './export-file.ts';

describe('export file', () => {
  it('exports with the list filters and sort, without paging, in the chosen format', () => {
    expect(exportUrl(logHistoryApi.export, {}, { page: 3, limit: 50, cursor: 'abc', is_all: true, search: 'ana', sort_by: 'at', action: 'update' }, 'csv')).toBe(
      '/api/v1/log-history/export?search=ana&sort_by=at&action=update&format=csv',
    );
    expect(exportUrl(storesApi.export, {}, { search: '', region: undefined, city: null }, 'xlsx')).toBe('/api/v1/stores/export?format=xlsx');
    expect(exportUrl(productsApi.export, {}, { search: 'a&b c' }, 'txt')).toBe('/api/v1/products/export?search=a%26b+c&format=txt');
  });

  it('names the file from the answer, RFC 5987 first', () => {
    expect(fileNameOf(`attachment; filename="Daftar_User.csv"; filename*=UTF-8''Daftar%20User%20%E2%9C%93.csv`, 'export.csv')).toBe('Daftar User ✓.csv');
    expect(fileNameOf('attachment; filename="users.xlsx"', 'export.xlsx')).toBe('users.xlsx');
    expect(fileNameOf(`attachment; filename="plain.csv"; filename*=UTF-8''bad%E0%A4%A.csv`, 'export.csv')).toBe('plain.csv');
    expect(fileNameOf('attachment', 'export.txt')).toBe('export.txt');
    expect(fileNameOf(null, 'export.csv')).toBe('export.csv');
  });
});
