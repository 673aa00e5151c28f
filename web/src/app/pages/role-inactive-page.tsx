import { LogoutOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { useSession } from '../../lib/session.ts';
import { signOut } from '../session.ts';

/** RoleInactive: the role's permissions leave nothing to view. The only way on is to sign out. */
export function RoleInactivePage() {
  const { t } = useTranslation();
  const session = useSession();
  const [leaving, setLeaving] = useState(false);
  return (
    <AuthLayout title={t('inactive.title')}>
      <Result
        status="warning"
        style={{ padding: '8px 0' }}
        subTitle={t('inactive.text', { role: session?.profile.role.name ?? '' })}
        data-testid="role-inactive"
        extra={
          <Flex justify="center">
            <Button
              type="primary"
              icon={<LogoutOutlined />}
              loading={leaving}
              data-testid="sign-out"
              onClick={() => {
                setLeaving(true);
                void signOut();
              }}
            >
              {t('nav.signOut')}
            </Button>
          </Flex>
        }
      />
    </AuthLayout>
  );
}
