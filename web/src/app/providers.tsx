import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antTheme, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import idID from 'antd/locale/id_ID';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BRAND_COLOR } from './brand.ts';
import { i18n, useLang } from '../lib/i18n.ts';
import { NotifierBridge } from '../lib/notifier.tsx';
import { queryClient } from '../lib/query-client.ts';

export const THEME: ThemeConfig = {
  algorithm: antTheme.defaultAlgorithm,
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    colorSuccess: '#2e9e5b',
    // WCAG 2.2 AA in the theme, not per screen: secondary and descriptive text at 4.5:1 or more on white and on the
    // page background (antd's defaults, black at 45%, give 3.4:1), placeholders readable too.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // Red text (danger buttons, errors) at 4.5:1 on white; antd's #ff4d4f gives 3.3:1.
    colorError: '#cf1322',
    borderRadius: 8,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#0f2e1d', triggerBg: '#0b2416', bodyBg: '#f5f7f6', headerPadding: '0 20px' },
    Menu: {
      darkItemBg: '#0f2e1d',
      darkSubMenuItemBg: '#0b2416',
      darkItemSelectedBg: BRAND_COLOR,
      darkGroupTitleColor: 'rgba(255,255,255,0.72)',
    },
  },
};

/** Without motion for people who ask their system for less (and for the e2e browser, which asks too). */
const STILL_THEME: ThemeConfig = { ...THEME, token: { ...THEME.token, motion: false } };
const prefersReducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

function ThemedApp({ children }: { children: ReactNode }) {
  const lang = useLang();
  return (
    <ConfigProvider theme={prefersReducedMotion ? STILL_THEME : THEME} locale={lang === 'id' ? idID : enUS}>
      <AntApp message={{ maxCount: 3, top: 24 }}>
        <NotifierBridge />
        {children}
      </AntApp>
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
