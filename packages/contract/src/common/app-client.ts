import { z } from 'zod';
import { PLATFORM } from '../enums/index.ts';
import { SEMVER } from '../masterdata/setting.schema.ts';

/** An app version as the stores and the App Version setting write it: MAJOR.MINOR.PATCH. */
export const APP_VERSION_PATTERN = SEMVER;

/** The longest device description the consumer app may report (model and OS, e.g. `Samsung SM-A525F, Android 14`). */
export const APP_DEVICE_MAX = 100;
/** Printable text only: no control characters (a line break or an escape sequence would forge a log line). */
const PRINTABLE = /^[^\p{Cc}]+$/u;

/**
 * What the consumer app says about itself when it signs in, as optional fields of the sign-in body: the device, the
 * platform (ios or android, as the App Version setting) and the app's version (MAJOR.MINOR.PATCH, as the App Version
 * setting compares it). They describe the attempt for the consumer login log and never decide it: a value that does not
 * pass its rule (a platform the portal does not know, a version of another shape, a number where text belongs) is
 * recorded as not given, and the sign-in goes on as if the field were absent.
 */
export const appClientFields = {
  device: z.string().trim().min(1).max(APP_DEVICE_MAX).regex(PRINTABLE).optional().catch(undefined),
  platform: z.enum(PLATFORM.values).optional().catch(undefined),
  app_version: z.string().trim().regex(APP_VERSION_PATTERN).optional().catch(undefined),
};

/** The app's description of itself and the address it signed in from, as the login log records them. */
export interface AppClient {
  device?: string | undefined;
  platform?: (typeof PLATFORM.values)[number] | undefined;
  app_version?: string | undefined;
  /** The connection's address (behind TRUST_PROXY's proxies, the client's). */
  ip?: string | undefined;
}
