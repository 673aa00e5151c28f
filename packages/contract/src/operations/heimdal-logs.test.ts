import { describe, expect, it } from 'vitest';
import { LOG_RESULT } from '../enums/index.ts';
import { consumerLoginLogListQuery, isPhoneSearch, LOGIN_FAILURE_REASON } from './consumer-login-log.schema.ts';
import { voucherUsedLogListQuery } from './voucher-used-log.schema.ts';

describe('consumer login log', () => {
  it('has section 3’s log result and a reason for each failure, in both languages', () => {
    expect(LOG_RESULT.options.map((o) => [o.value, o.label, o.labelId])).toEqual([
      [1, 'Failed', 'Gagal'],
      [2, 'Success', 'Berhasil'],
    ]);
    expect(LOGIN_FAILURE_REASON.values).toEqual(['unknown_phone', 'no_password', 'wrong_password', 'inactive']);
    expect(LOGIN_FAILURE_REASON.options.every((o) => o.labelId && o.color)).toBe(true);
  });

  it('tells a phone number from a name in the search box', () => {
    for (const phone of ['081234567890', '+62 812-3456-7890', '6281234567890', '(0812) 3456 7890']) expect(isPhoneSearch(phone), phone).toBe(true);
    for (const text of ['budi', 'Budi 2', '12345', 'Rina 081234', '']) expect(isPhoneSearch(text), text).toBe(false);
  });

  it('takes its filters from the URL and refuses what no attempt can match', () => {
    expect(consumerLoginLogListQuery.parse({ result: '1', platform: 'android', app_version: '3.6.1', date_from: '2026-01-01', date_until: '2026-01-31', consumer_id: '7' })).toMatchObject({
      result: 1,
      platform: 'android',
      app_version: '3.6.1',
      consumer_id: 7,
      sort_by: 'at',
      sort_dir: 'desc',
    });
    for (const bad of [{ result: '3' }, { platform: 'windows' }, { app_version: 'latest' }, { date_from: '2026-02-01', date_until: '2026-01-31' }, { sort_by: 'phone' }, { unknown: '1' }]) {
      expect(consumerLoginLogListQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(consumerLoginLogListQuery.safeParse({ date_from: '2026-01-31', date_until: '2026-01-31' }).success).toBe(true);
  });
});

describe('voucher used log', () => {
  it('takes its filters from the URL, newest use first', () => {
    expect(voucherUsedLogListQuery.parse({ store_id: '3', partner_id: '2', consumer_id: '9' })).toMatchObject({ store_id: 3, partner_id: 2, consumer_id: 9, sort_by: 'used_at', sort_dir: 'desc' });
    for (const bad of [{ store_id: '0' }, { date_from: '2026-02-01', date_until: '2026-01-01' }, { sort_by: 'denomination' }]) {
      expect(voucherUsedLogListQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
