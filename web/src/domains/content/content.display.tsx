import { Card, Flex, Image, Select, Typography } from 'antd';
import { AndroidOutlined, AppleOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER_PLACEMENT_PAGE, BANNER_TYPE, CONTENT_ENTRY, CONTENT_KIND_API, DIGITAL_PRODUCT_TYPE, can, type ContentRow } from '@portal/contract';
import { useSession } from '../../lib/session.ts';
import { useLang } from '../../lib/i18n.ts';
import { OrderButton } from '../../ui/OrderButton.tsx';
import { RichTextView } from '../../ui/RichTextView.tsx';
import { StatusTag } from '../../ui/StatusTag.tsx';

/** The sanitised rich-text description as the app shows it. */
export function RichDescription({ row }: { row: ContentRow }) {
  return row.description ? <RichTextView html={row.description} testId="content-description" /> : <>-</>;
}

/** How the push message looks on a locked phone, iOS and Android side by side. */
export function PushPreview({ row }: { row: ContentRow }) {
  const { t } = useTranslation();
  const devices = [
    { key: 'ios', icon: <AppleOutlined />, label: 'iOS', radius: 16, background: 'rgba(245,245,245,0.95)' },
    { key: 'android', icon: <AndroidOutlined />, label: 'Android', radius: 8, background: '#fff' },
  ];
  return (
    <Flex gap={16} wrap data-testid="push-preview">
      {devices.map((d) => (
        <div key={d.key} style={{ width: 320, padding: 16, borderRadius: 24, background: 'linear-gradient(160deg, #1f3b2d, #3c6e52)' }} data-testid={`push-preview-${d.key}`}>
          <Typography.Text style={{ color: '#fff' }}>
            {d.icon} {d.label}
          </Typography.Text>
          <Card size="small" style={{ marginTop: 12, borderRadius: d.radius, background: d.background }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('content.previewApp', 'Loyalty App')} · {t('content.previewNow', 'now')}
            </Typography.Text>
            <div style={{ fontWeight: 600, marginTop: 4 }}>{row.title}</div>
            <Typography.Paragraph ellipsis={{ rows: d.key === 'ios' ? 4 : 2 }} style={{ margin: 0 }}>
              {row.message}
            </Typography.Paragraph>
          </Card>
        </div>
      ))}
    </Flex>
  );
}

/**
 * Banners ordered by dragging (`PUT <path>/positions`): a banner list per placement page (chosen beside the button),
 * top-up banners as one list.
 */
export function BannerOrder({ kind }: { kind: 'banner' | 'banner-digital-product' }) {
  const lang = useLang();
  const { t } = useTranslation();
  const [page, setPage] = useState<string>(BANNER_PLACEMENT_PAGE.values[0]);
  const perms = useSession()?.access.perms;
  if (!perms || !can(perms, CONTENT_ENTRY[kind], 'edit')) return null;
  const api = CONTENT_KIND_API[kind];
  return (
    <Flex gap={8}>
      {kind === 'banner' && (
        <Select
          value={page}
          onChange={setPage}
          style={{ width: 200 }}
          aria-label={t('content.fields.placement_page', 'Placement Page')}
          options={BANNER_PLACEMENT_PAGE.options.map((o) => ({ value: o.value, label: lang === 'id' && o.labelId ? o.labelId : o.label }))}
          data-testid="banner-order-page"
        />
      )}
      <OrderButton<ContentRow>
        resource={kind}
        list={api.list}
        sortBy="position"
        save={api.positions}
        {...(kind === 'banner' ? { scope: { placement_page: page } } : {})}
        render={(row) => (
          <Flex gap={8} align="center">
            <span>{row.title}</span>
            {kind === 'banner' ? <StatusTag table={BANNER_TYPE} value={row.banner_type} /> : <StatusTag table={DIGITAL_PRODUCT_TYPE} value={row.digital_product_type} />}
          </Flex>
        )}
        texts={{
          open: ['content.bannerOrder.open', 'Order Banners'],
          title: ['content.bannerOrder.title', 'Banner order of the page'],
          help: ['content.bannerOrder.help', 'Drag the banners, or move them with their arrows, into the order the app shows them on this page, then save.'],
          saved: ['content.bannerOrder.saved', 'Banner order saved'],
        }}
      />
    </Flex>
  );
}

/** The item's image, as the app shows it. */
export function ContentImage({ row }: { row: ContentRow }) {
  return row.image_url ? <Image src={row.image_url} alt={row.title} height={120} style={{ objectFit: 'contain' }} data-testid="content-image" /> : <>-</>;
}
