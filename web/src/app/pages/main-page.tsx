import { ArrowRightOutlined } from '@ant-design/icons';
import { AREA_PREFIX } from '@portal/contract';
import { useNavigate } from '@tanstack/react-router';
import { Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../access.ts';
import { useLang } from '../../lib/i18n.ts';
import { AREA_ICON } from '../layout/admin-layout.tsx';
import { areaLabel, entryLabel, groupMenu } from '../menu-labels.ts';
import { useAdminSession } from '../admin-session.ts';

/** /admin/main-page: welcome with the user's name and quick links to the areas the role may open. */
export function MainPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const session = useAdminSession();
  if (!session) return null;
  const { profile, access } = session;
  const areas = groupMenu(access.menu);

  return (
    <Flex vertical gap={24}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="welcome">
          {t('main.welcome', { name: profile.name })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('main.subtitle', { username: profile.username, role: profile.role.name })}</Typography.Text>
      </Card>
      <div>
        <Typography.Title level={5}>{t('main.areas')}</Typography.Title>
        {areas.length === 0 ? (
          <Card>
            <Empty description={t('main.noScreens')} />
          </Card>
        ) : (
          <Row gutter={[16, 16]}>
            {areas.map(({ area, groups }) => (
              <Col key={area} xs={24} md={12} xl={8}>
                <Card
                  title={
                    <Flex gap={8} align="center">
                      {AREA_ICON[area]}
                      {areaLabel(area, lang)}
                    </Flex>
                  }
                  extra={
                    <Button
                      type="text"
                      icon={<ArrowRightOutlined />}
                      aria-label={areaLabel(area, lang)}
                      onClick={() => void navigate({ href: AREA_PREFIX[area] })}
                    />
                  }
                  style={{ height: '100%' }}
                  data-testid={`quick-${area}`}
                >
                  <Flex vertical gap={4} align="flex-start">
                    {groups.flatMap(({ entries }) =>
                      entries.map((entry) => (
                        <Button key={entry.key} type="link" style={{ paddingInline: 0 }} onClick={() => void navigate({ href: entry.route })}>
                          {entryLabel(entry, lang)}
                        </Button>
                      )),
                    )}
                  </Flex>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </div>
      <div>
        <Typography.Title level={5}>{t('main.settings')}</Typography.Title>
        <Flex gap={12} wrap>
          <Button onClick={() => void navigate({ href: PATHS.profile })}>{t('nav.profile')}</Button>
          <Button onClick={() => void navigate({ href: PATHS.changePassword })}>{t('nav.changePassword')}</Button>
        </Flex>
      </div>
    </Flex>
  );
}
