import { STEP_UP_REQUIRED, type ErrorBody, type ListMeta } from '@portal/contract';

/** An API failure carrying the server's status and error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> | string | null,
  ) {
    super(errorText(body, status));
  }
}

/**
 * The toast text, in section 8's order of preference: the body's error field, else message, else the raw body, else
 * 'Something went wrong'. The error field carries a code (`conflict`), so a human message, when present, is preferred.
 */
function errorText(body: Partial<ErrorBody> | string | null, status: number): string {
  if (typeof body === 'string' && body.trim()) return body.slice(0, 300);
  if (body && typeof body === 'object') return body.message || body.error || `Request failed (${status})`;
  return 'Something went wrong';
}

type Listener = (status: number) => void;
const unauthorizedListeners = new Set<Listener>();
/** The session layer subscribes here: any 401 signs the user out. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export function toQueryString(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The URL of `<path>` below the API's base, with its query: the one place the base is written. */
export const apiUrl = (path: string, query?: Query): string => `/api/v1/${path}${toQueryString(query)}`;

/** Asks the user to pass the second factor again; resolves true once passed, false when they decline. */
export type StepUpPrompt = () => Promise<boolean>;
let stepUpPrompt: StepUpPrompt | null = null;
/** The signed-in shell mounts the step-up dialog here (null when it unmounts). */
export function setStepUpPrompt(prompt: StepUpPrompt | null): void {
  stepUpPrompt = prompt;
}

/** The server asks for a recent second factor before this change (403 `step_up_required`). */
export const isStepUpRequired = (err: unknown): boolean =>
  err instanceof ApiError && err.status === 403 && typeof err.body === 'object' && err.body?.error === STEP_UP_REQUIRED;

/**
 * Runs a call; when the server asks for the step-up, asks the user (the dialog) and, once passed, runs it once more.
 * Declined, the original refusal is thrown and shown like any other.
 */
export async function withStepUp<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isStepUpRequired(err) || !stepUpPrompt || !(await stepUpPrompt())) throw err;
    return run();
  }
}

/**
 * One call to `/api/v1/<path>`: JSON in and out, a failure thrown as ApiError, any 401 reported to the session, a
 * step-up asked for and the call repeated.
 */
export function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  return withStepUp(() => send<T>(method, path, body, query));
}

async function send<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const res = await fetch(apiUrl(path, query), {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!res.ok) {
    if (res.status === 401 && !path.startsWith('auth/sign-in')) unauthorizedListeners.forEach((l) => l(401));
    throw new ApiError(res.status, parsed as Partial<ErrorBody> | string | null);
  }
  return parsed as T;
}

export interface Paged<T> {
  data: T[];
  meta: ListMeta;
}
