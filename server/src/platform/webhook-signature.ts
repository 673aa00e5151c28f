import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import { unauthorized } from './errors.ts';
import { appKeyOf } from './secret-box.ts';

/*
 * The signature of the webhooks partners send the portal (the payment gateway's callbacks, the biller's callback): the
 * fields of the event joined by `|`, HMAC-SHA256 with the secret shared with that partner, hex in the body's
 * `signature`. One implementation of signing and checking for all of them (decisions.md, "Top-up and bills").
 */

type KeyConfig = Pick<Config, 'APP_SECRET' | 'APP_ENV' | 'DATA_DIR'>;

/** A partner's secret: the one configured, else derived from the app key for `purpose` (the demo simulators sign with it). */
export const webhookSecretOf = (configured: string | undefined, config: KeyConfig, purpose: string): string | Buffer =>
  configured ?? createHmac('sha256', appKeyOf(config)).update(purpose).digest();

/** The signature a partner sends for a signed text: HMAC-SHA256 with the shared secret, hex. */
export const signWebhook = (secret: string | Buffer, signedText: string): string => createHmac('sha256', secret).update(signedText).digest('hex');

/** Checks a signature in constant time; a wrong one answers 401 before anything is read. */
export function verifyWebhook(secret: string | Buffer, signedText: string, signature: string): void {
  const expected = Buffer.from(signWebhook(secret, signedText), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized('Invalid signature');
}
