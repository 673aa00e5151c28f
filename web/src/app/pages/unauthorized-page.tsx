import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../access.ts';

/** Where a path outside the role's menu leads (and what /admin/unauthorized shows when opened directly). */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('unauthorized.title')}
      subTitle={t('unauthorized.text')}
      data-testid="unauthorized"
      extra={
        <Button type="primary" onClick={() => void navigate({ href: PATHS.admin })}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
