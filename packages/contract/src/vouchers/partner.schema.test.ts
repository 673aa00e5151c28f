import { describe, expect, it } from 'vitest';
import { creditLimitBody, formatNpwp, npwpField, partnerCreateBody, partnerPeriodBody, partnerPeriodStatus } from './partner.schema.ts';

const body = {
  partner_code: 'nkm-02',
  name: 'PT Nusantara Karya Mandiri',
  address: 'Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan',
  email: 'Procurement@NusantaraKarya.co.id',
  phone: '021-5150123',
  contact_name: 'Rina Kusumawati',
  contact_email: 'rina@nusantarakarya.co.id',
  contact_phone: '+62 812-8765-4321',
  pic_user_id: 2,
};
const issueOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, path: string) =>
  result.error?.issues.find((i) => i.path.join('.') === path)?.message;

describe('partner body', () => {
  it('keeps the code in capitals, e-mails in lower case and phones as 0…, active by default', () => {
    expect(partnerCreateBody.parse(body)).toMatchObject({ partner_code: 'NKM-02', email: 'procurement@nusantarakarya.co.id', phone: '0215150123', contact_phone: '081287654321', status: 1 });
  });

  it('takes an NPWP of 15 or 16 digits, written with dots and dashes, and nothing else', () => {
    expect(npwpField.parse('01.318.526.4-012.000')).toBe('013185264012000');
    expect(npwpField.parse('0021 4567 8901 3000')).toBe('0021456789013000');
    for (const bad of ['01.318.526.4-012', '01.318.526.4-012.000.12', 'AB.318.526.4-012.000']) {
      expect(npwpField.safeParse(bad).error?.issues[0]?.message, bad).toBe('NPWP must have 15 or 16 digits, like 01.234.567.8-901.000');
    }
    expect(partnerCreateBody.parse({ ...body, npwp: null }).npwp).toBeNull();
    expect(formatNpwp('013185264012000')).toBe('01.318.526.4-012.000');
    expect(formatNpwp('0021456789013000')).toBe('0021 4567 8901 3000');
    expect(formatNpwp(null)).toBe('-');
  });

  it('names the field of each wrong value with a message a person can act on', () => {
    expect(issueOf(partnerCreateBody.safeParse({ ...body, email: 'procurement@' }), 'email')).toBe('Company e-mail is not valid');
    expect(issueOf(partnerCreateBody.safeParse({ ...body, contact_email: undefined }), 'contact_email')).toBe('Contact e-mail is required');
    expect(issueOf(partnerCreateBody.safeParse({ ...body, phone: '5150123' }), 'phone')).toBe('Company phone must be an Indonesian phone number, like 021-5550123 or 0812-3456-7890');
    expect(issueOf(partnerCreateBody.safeParse({ ...body, contact_phone: '+1 415 555 0100' }), 'contact_phone')).toContain('Indonesian phone number');
    expect(issueOf(partnerCreateBody.safeParse({ ...body, pic_user_id: undefined }), 'pic_user_id')).toBe('PIC is required');
    expect(partnerCreateBody.safeParse({ ...body, credit_limit: 1 }).success).toBe(false);
  });
});

describe('cooperation period', () => {
  it('may be one day, not end before it starts', () => {
    expect(partnerPeriodBody.safeParse({ agreement_no: 'PKS/1', starts_on: '2026-03-01', ends_on: '2026-03-01' }).success).toBe(true);
    expect(issueOf(partnerPeriodBody.safeParse({ agreement_no: 'PKS/1', starts_on: '2026-03-01', ends_on: '2026-02-28' }), 'ends_on')).toBe('End date cannot be before the start date');
    expect(issueOf(partnerPeriodBody.safeParse({ agreement_no: ' ', starts_on: '2026-03-01', ends_on: '2026-03-02' }), 'agreement_no')).toBe('Agreement number is required');
  });

  it('is upcoming before its first day, current through its last, ended after', () => {
    const period = { starts_on: '2026-01-01', ends_on: '2026-12-31' };
    expect(partnerPeriodStatus(period, '2025-12-31')).toBe('upcoming');
    expect(partnerPeriodStatus(period, '2026-01-01')).toBe('current');
    expect(partnerPeriodStatus(period, '2026-12-31')).toBe('current');
    expect(partnerPeriodStatus(period, '2027-01-01')).toBe('ended');
  });
});

describe('credit limit', () => {
  it('is whole Rupiah from 0 to Rp 100.000.000.000', () => {
    expect(creditLimitBody.safeParse({ credit_limit: 0, version: 1 }).success).toBe(true);
    expect(creditLimitBody.safeParse({ credit_limit: 100_000_000_000, version: 1 }).success).toBe(true);
    expect(issueOf(creditLimitBody.safeParse({ credit_limit: 100_000_000_001, version: 1 }), 'credit_limit')).toBe('Credit limit is at most Rp 100.000.000.000');
    expect(issueOf(creditLimitBody.safeParse({ credit_limit: -1, version: 1 }), 'credit_limit')).toBe('Credit limit cannot be negative');
    expect(issueOf(creditLimitBody.safeParse({ credit_limit: 1.5, version: 1 }), 'credit_limit')).toBe('Credit limit must be whole Rupiah');
  });
});
