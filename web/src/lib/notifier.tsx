import { App, message as staticMessage } from 'antd';
import { ApiError } from './api.ts';
import { i18n, translateMessage } from './i18n.ts';

/** Section 9: notification timeout 3000 ms. */
export const NOTIFY_SECONDS = 3;

type AppApi = ReturnType<typeof App.useApp>;
let appApi: AppApi | null = null;

/** Mounted once inside antd's <App>, so toasts take the theme and locale of the ConfigProvider. */
export function NotifierBridge(): null {
  appApi = App.useApp();
  return null;
}

const messageApi = () => appApi?.message ?? staticMessage;

/**
 * The text a failure shows: the server's message (ApiError already picks the body's best field, section 8),
 * else the error's own message, else 'Something went wrong'. Known English messages are translated.
 */
export function errorMessage(err: unknown, fallback?: string): string {
  const text = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return text.trim() ? translateMessage(text) : (fallback ?? i18n.t('error.generic'));
}

/** Same text shown twice at once (several queries failing together) stays one toast: the text is its key. */
export function notifyError(err: unknown, fallback?: string): void {
  const content = errorMessage(err, fallback);
  void messageApi().error({ content, key: `error:${content}`, duration: NOTIFY_SECONDS });
}

export function notifySuccess(text?: string): void {
  const content = text ?? i18n.t('common.success');
  void messageApi().success({ content, key: `success:${content}`, duration: NOTIFY_SECONDS });
}

export function notifyInfo(text: string): void {
  void messageApi().info({ content: text, key: `info:${text}`, duration: NOTIFY_SECONDS });
}

export function isUnauthorized(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}
