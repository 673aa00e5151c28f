import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { useTranslation } from 'react-i18next';

/** The public catch-all. "Back Home" goes to / (→ /login, or /admin when signed in). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.text')}
      data-testid="not-found"
      extra={
        <Button type="primary" onClick={() => void navigate({ href: '/' })}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
