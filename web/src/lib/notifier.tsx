import { message as staticMessage, theme } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from './api.ts';
import { i18n, translateMessage } from './i18n.ts';

/** Section 9: notification timeout 3000 ms. */
export const NOTIFY_SECONDS = 3;

type MessageApi = ReturnType<typeof staticMessage.useMessage>[0];
let hostedApi: MessageApi | null = null;

/**
 * Mounted once inside the ConfigProvider, so toasts take its theme and locale; it also gives plain text antd's body
 * type (what antd's <App> does, without the dialog and notification hosts <App> would load with the first screen).
 */
export function NotifierHost({ children }: { children: ReactNode }) {
  const [api, holder] = staticMessage.useMessage({ maxCount: 3, top: 24 });
  hostedApi = api;
  const { token } = theme.useToken();
  return (
    <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {holder}
      {children}
    </div>
  );
}

const messageApi = () => hostedApi ?? staticMessage;

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
