import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import idID from 'antd/locale/id_ID';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n, useLang } from '../lib/i18n.ts';
import { NotifierHost } from '../lib/notifier.tsx';
import { queryClient } from '../lib/query-client.ts';
import { PASSWORD_INPUT } from './theme-password.tsx';
import { STILL_THEME, THEME } from './theme.ts';

const prefersReducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

function ThemedApp({ children }: { children: ReactNode }) {
  const lang = useLang();
  return (
    <ConfigProvider theme={{ ...(prefersReducedMotion ? STILL_THEME : THEME), zeroRuntime: true }} locale={lang === 'id' ? idID : enUS} inputPassword={PASSWORD_INPUT}>
      <NotifierHost>{children}</NotifierHost>
    </ConfigProvider>
  );
}

/** Query cache, i18n, the antd theme and locale, and the notifier: everything a screen needs around it. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemedApp>{children}</ThemedApp>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
