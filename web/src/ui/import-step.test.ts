import { describe, expect, it } from 'vitest';
import { importStep } from './import-step.ts';
import { megabytes, uploadProblem } from './import-upload.ts';

describe('import wizard steps', () => {
  it('starts at the upload without a batch', () => {
    expect(importStep(undefined, 'preview')).toBe(0);
    expect(importStep(undefined, 'confirm')).toBe(0);
  });

  it('previews a batch while it validates, once validated, and when validation failed', () => {
    expect(importStep({ status: 'PENDING', confirmed_at: null }, 'preview')).toBe(1);
    expect(importStep({ status: 'VALIDATED', confirmed_at: null }, 'preview')).toBe(1);
    expect(importStep({ status: 'FAILED', confirmed_at: null }, 'preview')).toBe(1);
    expect(importStep({ status: 'FAILED', confirmed_at: null }, 'confirm')).toBe(1);
  });

  it('confirms a validated batch after Next, and stays there while importing, when done or failed after confirming', () => {
    expect(importStep({ status: 'VALIDATED', confirmed_at: null }, 'confirm')).toBe(2);
    expect(importStep({ status: 'PROCESSING', confirmed_at: '2025-01-01T00:00:00Z' }, 'preview')).toBe(2);
    expect(importStep({ status: 'COMPLETED', confirmed_at: '2025-01-01T00:00:00Z' }, 'preview')).toBe(2);
    expect(importStep({ status: 'FAILED', confirmed_at: '2025-01-01T00:00:00Z' }, 'preview')).toBe(2);
  });
});

describe('import upload', () => {
  const MB = 1024 * 1024;

  it('takes .xlsx and .csv files up to the limit, whatever the case of the extension', () => {
    expect(uploadProblem({ name: 'products.xlsx', size: MB }, 10 * MB)).toBeUndefined();
    expect(uploadProblem({ name: 'PRODUCTS.CSV', size: 10 * MB }, 10 * MB)).toBeUndefined();
  });

  it('refuses other types before their size, and files over the limit', () => {
    expect(uploadProblem({ name: 'products.xls', size: 1 }, 10 * MB)).toBe('wrongType');
    expect(uploadProblem({ name: 'products.csv.exe', size: 20 * MB }, 10 * MB)).toBe('wrongType');
    expect(uploadProblem({ name: 'products.csv', size: 10 * MB + 1 }, 10 * MB)).toBe('tooLarge');
  });

  it('shows the limit in whole megabytes', () => {
    expect(megabytes(10 * MB)).toBe(10);
    expect(megabytes(2.6 * MB)).toBe(3);
  });
});
