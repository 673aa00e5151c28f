import { LEGAL_KINDS, publicApi } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Alert, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call.ts';
import { formatDate } from '../../lib/format.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { BrandMark, Copyright } from '../auth/auth-layout.tsx';
import { PRODUCT_NAME } from '../brand.ts';
import { useLang } from '../../lib/i18n.ts';

type LegalKind = (typeof LEGAL_KINDS)[number];

const termsRoute = getRouteApi('/terms');
const privacyRoute = getRouteApi('/privacy');

/**
 * GET public/legal/{kind}?variant=&language=. The body is HTML the server has already sanitised, so it is rendered
 * as such. The language is the query's, else the UI's.
 */
function LegalDocumentPage({ kind, variant, language }: { kind: LegalKind; variant: string; language: string }) {
  const { t } = useTranslation();
  const doc = useQuery({
    queryKey: queryKeys.legal(kind, variant, language),
    queryFn: async () => (await call(publicApi.legal, { kind, query: { variant, language } })).data,
    meta: { silentError: true },
  });
  const fallbackTitle = kind === 'terms' ? t('legal.terms') : t('legal.privacy');

  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', background: '#fff', padding: '32px 20px' }}>
      <Flex vertical gap={20} style={{ width: '100%', maxWidth: 820 }}>
        <Flex align="center" gap={10}>
          <BrandMark size={32} />
          <Typography.Text strong style={{ fontSize: 16 }}>
            {PRODUCT_NAME}
          </Typography.Text>
        </Flex>
        {doc.isPending ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : doc.isError ? (
          <>
            <Typography.Title level={2} style={{ margin: 0 }}>
              {fallbackTitle}
            </Typography.Title>
            <Alert type="warning" showIcon title={t('legal.unavailable')} />
          </>
        ) : (
          <article data-testid="legal-document">
            <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 4 }}>
              {doc.data.title || fallbackTitle}
            </Typography.Title>
            <Typography.Text type="secondary">{t('legal.updated', { date: formatDate(doc.data.published_at) })}</Typography.Text>
            <Typography style={{ marginTop: 20, lineHeight: 1.7 }}>
              {/* Sanitised by the server (section: public/legal). */}
              <div dangerouslySetInnerHTML={{ __html: doc.data.body_html }} />
            </Typography>
          </article>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <Copyright />
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

export function TermsPage() {
  const lang = useLang();
  const { variant, language } = termsRoute.useSearch();
  return <LegalDocumentPage kind="terms" variant={variant ?? 'consumer'} language={language ?? lang} />;
}

export function PrivacyPage() {
  const lang = useLang();
  const { variant, language } = privacyRoute.useSearch();
  return <LegalDocumentPage kind="privacy" variant={variant ?? 'consumer'} language={language ?? lang} />;
}
