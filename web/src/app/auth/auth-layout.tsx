import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_COLOR, CHAIN_NAME, COPYRIGHT_YEAR, PRODUCT_NAME } from '../brand.ts';
import { LanguageSwitch } from '../language-switch.tsx';

/** The product mark: a green tile with a basket. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill={BRAND_COLOR} />
      <path d="M8 11h16l-2.2 10.5H10.2z" fill="#fff" />
      <path d="M12 11l3-5M20 11l-3-5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="12.5" cy="25" r="1.6" fill="#fff" />
      <circle cx="19.5" cy="25" r="1.6" fill="#fff" />
    </svg>
  );
}

export function Copyright() {
  const { t } = useTranslation();
  return <>{t('app.footer', { year: COPYRIGHT_YEAR, chain: CHAIN_NAME })}</>;
}

/**
 * The logged-out pages: a centred card on a soft green background, product name on top (the page's `h1`, the page's
 * own title under it), language switch, footer.
 */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex
      vertical
      align="center"
      style={{
        minHeight: '100vh',
        padding: '24px 16px',
        background: 'linear-gradient(160deg, #e8f5ed 0%, #f5f7f6 45%, #eef6f1 100%)',
      }}
    >
      <Flex justify="flex-end" style={{ width: '100%', maxWidth: 960 }}>
        <LanguageSwitch size="small" />
      </Flex>
      <Flex component="main" vertical align="center" justify="center" style={{ flex: 1, width: '100%' }}>
        <section
          style={{
            width: '100%',
            maxWidth: 420,
            padding: '32px 32px 24px',
            background: '#fff',
            borderRadius: 12,
            border: '1px solid #e6ece8',
            boxShadow: '0 10px 30px rgba(15, 46, 29, 0.08)',
          }}
        >
          <Flex vertical align="center" gap={4} style={{ marginBottom: 24 }}>
            <BrandMark size={44} />
            <Typography.Title level={1} style={{ margin: '12px 0 0' }}>
              {PRODUCT_NAME}
            </Typography.Title>
            <Typography.Text type="secondary">{t('app.tagline')}</Typography.Text>
          </Flex>
          <Typography.Title level={2} style={{ marginTop: 0, marginBottom: subtitle ? 4 : 20, fontSize: 20, lineHeight: 1.4 }}>
            {title}
          </Typography.Title>
          {subtitle ? (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 20 }}>
              {subtitle}
            </Typography.Paragraph>
          ) : null}
          {children}
        </section>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12, marginTop: 24 }}>
        <Copyright />
      </Typography.Text>
    </Flex>
  );
}
