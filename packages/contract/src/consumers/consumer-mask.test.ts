import { describe, expect, it } from 'vitest';
import { phoneSearchKey } from './consumer.schema.ts';
import { maskEmail, maskPhone } from './consumer-mask.ts';

describe('consumer personal data', () => {
  it('masks phones and e-mails, keeping null and the length', () => {
    expect(maskPhone('6281234567890')).toBe('6281******890');
    expect(maskPhone('62812')).toBe('*****');
    expect(maskPhone(null)).toBeNull();
    expect(maskEmail('budi.santoso@gmail.com')).toBe('bu**********@gmail.com');
    expect(maskEmail('a@b.id')).toBe('a@b.id');
    expect(maskEmail('ab@b.id')).toBe('a*@b.id');
    expect(maskEmail(null)).toBeNull();
  });

  it('reads a phone search in any of its spellings', () => {
    expect(phoneSearchKey('0812-3456-7890')).toBe('6281234567890');
    expect(phoneSearchKey('+62 812 3456 7890')).toBe('6281234567890');
    expect(phoneSearchKey('budi')).toBeNull();
  });
});
