import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appKeyOf, SecretBox } from './secret-box.ts';

describe('secret box', () => {
  const box = new SecretBox('k'.repeat(32));

  it('opens what it sealed, with a fresh nonce each time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'totp:1')).not.toBe(a);
    expect(box.open(a, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key, another context and a changed value', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(() => new SecretBox('j'.repeat(32)).open(sealed, 'totp:1')).toThrow();
    expect(() => box.open(sealed, 'totp:2')).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'), 'totp:1')).toThrow();
    expect(() => box.open('plain', 'totp:1')).toThrow('not a sealed value');
  });

  it('takes APP_SECRET, refuses production without it, and elsewhere keeps one random key file in DATA_DIR', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
    try {
      expect(appKeyOf({ APP_SECRET: 's'.repeat(32), APP_ENV: 'production', DATA_DIR: dir })).toBe('s'.repeat(32));
      expect(() => appKeyOf({ APP_SECRET: undefined, APP_ENV: 'production', DATA_DIR: dir })).toThrow('APP_SECRET is required');
      const first = appKeyOf({ APP_SECRET: undefined, APP_ENV: 'development', DATA_DIR: dir });
      expect(first).toHaveLength(43);
      expect(appKeyOf({ APP_SECRET: undefined, APP_ENV: 'development', DATA_DIR: dir })).toBe(first);
      expect(fs.statSync(path.join(dir, 'app-secret.key')).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
