import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A 256-bit random token, URL-safe. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');
/** High-entropy tokens are stored as their SHA-256 only. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const newOtp = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

// argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline.
export const hashSecret = (plain: string) => hash(plain);
export async function verifySecret(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
