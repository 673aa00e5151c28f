import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/notifier.tsx';

/** Shown while a route's chunk or guard is pending. */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 240, height: '100%' }}>
      <Spin size="large" />
    </div>
  );
}

/** A route that failed to load (a chunk that never arrived, the server unreachable): say so and offer a reload. */
export function RouteError({ error, reset }: { error: unknown; reset?: () => void }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '64px 16px', textAlign: 'center' }} role="alert">
      <CloseCircleFilled style={{ fontSize: 56, color: '#ff4d4f' }} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('error.pageTitle')}
      </Typography.Title>
      <Typography.Text type="secondary">{errorMessage(error)}</Typography.Text>
      <Button
        type="primary"
        onClick={() => {
          if (reset) reset();
          window.location.reload();
        }}
      >
        {t('common.retry')}
      </Button>
    </Flex>
  );
}
