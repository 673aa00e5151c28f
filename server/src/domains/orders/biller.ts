import { randomBytes } from 'node:crypto';
import { billerSignedText, type BillerCallbackBody, type BillerCallbackStatus } from '@portal/contract';
import type { Config } from '../../config.ts';
import { signWebhook, webhookSecretOf } from '../../platform/webhook-signature.ts';

/** The secret the biller signs its callbacks with: BILLER_WEBHOOK_SECRET, else derived from the app key. */
export const billerSecretOf = (config: Pick<Config, 'BILLER_WEBHOOK_SECRET' | 'APP_SECRET' | 'APP_ENV' | 'DATA_DIR'>): string | Buffer =>
  webhookSecretOf(config.BILLER_WEBHOOK_SECRET, config, 'biller-webhook');

/** A biller callback signed as the biller signs it. */
export const signBillerCallback = (secret: string | Buffer, b: Omit<BillerCallbackBody, 'signature'>): BillerCallbackBody => ({
  ...b,
  signature: signWebhook(secret, billerSignedText(b)),
});

/** What is sent to the biller for one attempt of a top-up. */
export interface BillerRequest {
  transaction_no: string;
  attempt: number;
  biller_code: string;
  phone_number: string;
  amount: number;
}

/**
 * A biller (the aggregator that delivers pulsa and data packages to the operators). `send` hands one attempt over and
 * answers the biller's reference once it accepted it; its outcome comes later through the signed callback
 * (`POST billers/callback`). A send that throws is a refusal: the top-up fails by system (452) and may be retried.
 */
export interface BillerAdapter {
  readonly name: string;
  send(req: BillerRequest): Promise<{ biller_ref: string }>;
}

/** The simulated biller's job that delivers its answer through the biller callback service. */
export const BILLER_SIM_ANSWER_JOB = 'top-ups.simulated-biller-answer';

/**
 * What the simulated biller answers, by the number's last digit and the attempt: 0–4 success; 5 refused at sending
 * (Failed by System); 6 failed on the first attempt and successful on a retry; 7 pending operator confirmation; 8 on
 * hold; 9 failed on every attempt. Deterministic, so tests, the e2e walk and the demo know what happens.
 */
export function simulatedOutcome(phone: string, attempt: number): BillerCallbackStatus | 'REFUSE' {
  const digit = Number(phone.at(-1));
  if (digit <= 4) return 'SUCCESS';
  if (digit === 5) return 'REFUSE';
  if (digit === 6) return attempt === 1 ? 'FAILED' : 'SUCCESS';
  if (digit === 7) return 'PENDING';
  if (digit === 8) return 'ON_HOLD';
  return 'FAILED';
}

/** What the simulated biller says with each answer. */
export const BILLER_MESSAGE: Readonly<Record<BillerCallbackStatus, string | null>> = {
  SUCCESS: null,
  FAILED: 'Operator menolak transaksi (nomor tujuan tidak dapat diisi)',
  PENDING: 'Menunggu konfirmasi operator',
  ON_HOLD: 'Transaksi ditahan biller untuk pemeriksaan',
};

/**
 * The simulated biller for development, the demo and tests: accepts (or refuses) at once and answers with its signed
 * callback, delivered later as a real biller calls the portal back.
 */
export class SimulatedBiller implements BillerAdapter {
  readonly name = 'simulated';
  /** `deliver`: how its signed answer reaches the biller callback (a job in the app; at once in the demo seed). */
  constructor(
    private readonly deliver: (answer: BillerCallbackBody) => Promise<unknown>,
    private readonly secret: string | Buffer,
  ) {}

  async send(req: BillerRequest): Promise<{ biller_ref: string }> {
    const outcome = simulatedOutcome(req.phone_number, req.attempt);
    if (outcome === 'REFUSE') throw new Error('Biller refused the request: product temporarily unavailable');
    const biller_ref = `SIM-${req.transaction_no}-${req.attempt}`;
    const serial = outcome === 'SUCCESS' ? `SN${randomBytes(8).toString('hex').toUpperCase()}` : null;
    const answer = signBillerCallback(this.secret, {
      event_id: `${biller_ref}-${outcome}`,
      transaction_no: req.transaction_no,
      biller_ref,
      status: outcome,
      serial_number: serial,
      message: BILLER_MESSAGE[outcome],
    });
    await this.deliver(answer);
    return { biller_ref };
  }
}
