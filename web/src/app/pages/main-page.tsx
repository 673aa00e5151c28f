import { ArrowRightOutlined } from '@ant-design/icons';
import { AREA_PREFIX } from '@portal/contract';
import { Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../access.ts';
import { useLang } from '../../lib/i18n.ts';
import { AREA_ICON } from '../layout/admin-layout.tsx';
import { areaLabel, entryLabel, groupMenu } from '../menu-labels.ts';
import { useAdminSession } from '../admin-session.ts';
import { useGo } from '../../ui/nav.ts';
import { OverviewTiles } from '../../domains/operations/OverviewTiles.tsx';

/**
 * /admin/main-page: welcome, the overview of what waits for the user's role (tickets, chats, approvals, imports,
 * exports, sign-ins), then quick links to the areas and entries the role may open.
 */
export function MainPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { link } = useGo();
  const session = useAdminSession();
  if (!session) return null;
  const { profile, access } = session;
  const areas = groupMenu(access.menu);

  return (
    <Flex vertical gap={24}>
      <Card>
        <Typography.Title level={1} style={{ marginTop: 0 }} data-testid="welcome">
          {t('main.welcome', { name: profile.name })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('main.subtitle', { username: profile.username, role: profile.role.name })}</Typography.Text>
      </Card>
      <section aria-labelledby="overview-title">
        <Typography.Title level={5} id="overview-title">
          {t('operations.overview.title', 'Overview')}
        </Typography.Title>
        <OverviewTiles />
      </section>
      <section aria-labelledby="areas-title">
        <Typography.Title level={5} id="areas-title">
          {t('main.areas')}
        </Typography.Title>
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
                  extra={<Button type="text" icon={<ArrowRightOutlined />} aria-label={areaLabel(area, lang)} {...link(AREA_PREFIX[area])} />}
                  style={{ height: '100%' }}
                  data-testid={`quick-${area}`}
                >
                  <Flex vertical gap={4} align="flex-start">
                    {groups.flatMap(({ entries }) =>
                      entries.map((entry) => (
                        <Button key={entry.key} type="link" style={{ paddingInline: 0 }} {...link(entry.route)}>
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
      </section>
      <section aria-labelledby="account-title">
        <Typography.Title level={5} id="account-title">
          {t('main.settings')}
        </Typography.Title>
        <Flex gap={12} wrap>
          <Button {...link(PATHS.profile)}>{t('nav.profile')}</Button>
          <Button {...link(PATHS.changePassword)}>{t('nav.changePassword')}</Button>
        </Flex>
      </section>
    </Flex>
  );
}
