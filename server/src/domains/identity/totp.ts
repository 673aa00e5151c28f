import crypto from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { hashToken } from '../../platform/tokens.ts';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps; one step either side is accepted. */
const PERIOD = 30;
const ISSUER = 'Loyalty Portal';

export const newTotpSecret = (): string => generateSecret();

export const otpauthUrl = (secret: string, account: string): string => generateURI({ issuer: ISSUER, label: account, secret });

export const qrDataUrl = (text: string): Promise<string> => QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 240 });

/** The time step a code belongs to (within one step of `now`), or null when the code is wrong. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const result = verifySync({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: PERIOD });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i).
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code, `xxxx-xxxx-xxxx` (about 59 bits), shown once. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** Recovery codes are high-entropy and few tries are allowed, so SHA-256 of the normalised code is kept. */
export const recoveryCodeHash = (code: string): string => hashToken(code.replace(/-/g, '').toLowerCase());
