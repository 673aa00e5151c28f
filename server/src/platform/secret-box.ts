import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

const VERSION = 'v1';
export const KEY_FILE = 'app-secret.key';

/**
 * Encrypts small secrets kept in the database (an authenticator's secret) with AES-256-GCM: a fresh 96-bit nonce per
 * value and the authentication tag, so a changed or swapped value fails to open instead of yielding another secret.
 * `context` (such as the user id) is bound as associated data: a sealed value copied to another row does not open.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string | Buffer) {
    // A domain-separated key: APP_SECRET may serve other purposes later without reusing the same key.
    this.key = Buffer.from(crypto.hkdfSync('sha256', keyMaterial, Buffer.alloc(0), 'portal secret-box v1', 32));
  }

  seal(plain: string, context: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The plain text, or an error when the value was not sealed with this key and context. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/**
 * The key material: APP_SECRET, or (outside production, where start-up refuses without it) a random key created once
 * in DATA_DIR and kept there, so a demo portal needs no setting and its secrets survive restarts.
 */
export function appKeyOf(config: Pick<Config, 'APP_SECRET' | 'APP_ENV' | 'DATA_DIR'>): string | Buffer {
  if (config.APP_SECRET) return config.APP_SECRET;
  if (config.APP_ENV === 'production') throw new Error('APP_SECRET is required in production');
  const file = path.join(config.DATA_DIR, KEY_FILE);
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    // `wx`: only the first process creates it; a second one reads what the first wrote.
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}
