import {
  AppstoreOutlined,
  BarChartOutlined,
  HomeOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Area } from '@portal/contract';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { Button, Dropdown, Flex, Grid, Layout, Menu, Tag, Tooltip, Typography, type MenuProps } from 'antd';
import { useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registerDictionaries, useLang } from '../../lib/i18n.ts';
import { entryForPath, normalizePath } from '../../lib/menu-path.ts';
import { PATHS } from '../access.ts';
import { useAdminSession } from '../admin-session.ts';
import { BrandMark, Copyright } from '../auth/auth-layout.tsx';
import { BRAND_COLOR, PRODUCT_NAME } from '../brand.ts';
import { LanguageSwitch } from '../language-switch.tsx';
import { areaLabel, entryLabel, groupLabel, groupMenu } from '../menu-labels.ts';
import { signOut, useIdleCheck } from '../session.ts';
import { ADMIN_DICTIONARIES } from './admin-dictionaries.ts';
import { StepUpDialog } from '../../domains/identity/StepUpDialog.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { menuBadge } from './menu-badges.tsx';
import { usePrefetchMenu } from './prefetch-menu.ts';

// Before any screen of the shell renders: the generic blocks' and the domains' texts arrive with the shell's chunk.
registerDictionaries(...ADMIN_DICTIONARIES);

type MenuItem = Required<MenuProps>['items'][number];

export const AREA_ICON: Record<Area, ReactNode> = {
  ssosis: <SafetyCertificateOutlined />,
  cms: <ShopOutlined />,
  orion: <AppstoreOutlined />,
  pandora: <BarChartOutlined />,
  heimdal: <ToolOutlined />,
};

const COLLAPSED_KEY = 'portal.sider-collapsed';
const SETTINGS_KEY = 'settings';
const areaKey = (area: Area) => `area:${area}`;

/** A round badge of the user's initials. antd's Avatar measures its text after mounting, a forced layout of the whole first screen (about 40 ms). */
const INITIALS_STYLE: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: 32,
  height: 32,
  borderRadius: '50%',
  background: BRAND_COLOR,
  color: '#fff',
  fontSize: 14,
};

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * The admin shell: a collapsible sidebar with the role's menu (area → group → entry, from the contract registry,
 * filtered by permissions, environment and built screens), a header (environment, language, user, sign-out),
 * breadcrumbs from the route, the screen, and the footer. It also runs the idle check.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useAdminSession();
  const screens = Grid.useBreakpoint();
  const narrow = screens.lg === false;
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [mobileOpen, setMobileOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  useIdleCheck();

  const path = normalizePath(pathname);
  const current = entryForPath(path);
  const menu = session?.access.menu;
  usePrefetchMenu(menu);

  const items = useMemo<MenuItem[]>(() => {
    if (!menu) return [];
    return [
      { key: PATHS.mainPage, icon: <HomeOutlined />, label: t('nav.home') },
      ...groupMenu(menu).map(
        ({ area, groups }): MenuItem => ({
          key: areaKey(area),
          icon: AREA_ICON[area],
          label: areaLabel(area, lang),
          children: groups.map(({ group, entries }) => ({
            type: 'group' as const,
            key: `group:${area}:${group}`,
            label: groupLabel(group),
            children: entries.map((entry) => ({ key: entry.route, label: <span data-menu-entry={entry.key}>{entryLabel(entry, lang)}{menuBadge(entry.key)}</span> })),
          })),
        }),
      ),
      {
        key: SETTINGS_KEY,
        icon: <SettingOutlined />,
        label: t('nav.settings'),
        children: [
          { key: PATHS.profile, icon: <UserOutlined />, label: t('nav.profile') },
          { key: PATHS.changePassword, icon: <KeyOutlined />, label: t('nav.changePassword') },
        ],
      },
    ];
  }, [menu, lang, t]);

  const selectedKey = current?.route ?? (path.startsWith(PATHS.settings) || path === PATHS.mainPage ? path : '');
  const openParent = current ? areaKey(current.area) : path.startsWith(PATHS.settings) ? SETTINGS_KEY : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(openParent ? [openParent] : []);
  useEffect(() => {
    if (openParent) setOpenKeys((keys) => (keys.includes(openParent) ? keys : [...keys, openParent]));
  }, [openParent]);

  if (!session) return null;
  const { profile, meta } = session;

  const toggle = () => {
    if (narrow) {
      setMobileOpen((open) => !open);
      return;
    }
    setCollapsed((value) => {
      localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      return !value;
    });
  };
  const siderCollapsed = narrow ? !mobileOpen : collapsed;

  const leave = () => {
    setSigningOut(true);
    void signOut();
  };

  const userMenu: MenuProps['items'] = [
    { key: PATHS.profile, icon: <UserOutlined />, label: t('nav.profile') },
    { key: PATHS.changePassword, icon: <KeyOutlined />, label: t('nav.changePassword') },
    { type: 'divider' },
    { key: 'sign-out', icon: <LogoutOutlined />, label: t('nav.signOut'), danger: true },
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {narrow && mobileOpen ? (
        <div
          onClick={() => setMobileOpen(false)}
          style={{ position: 'fixed', inset: 0, background: 'rgba(0,0,0,0.35)', zIndex: 99 }}
          aria-hidden="true"
        />
      ) : null}
      <Layout.Sider
        width={256}
        collapsedWidth={narrow ? 0 : 72}
        collapsed={siderCollapsed}
        trigger={null}
        theme="dark"
        data-testid="sidebar"
        style={
          narrow
            ? { position: 'fixed', insetBlock: 0, left: 0, zIndex: 100, overflow: 'auto' }
            : { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }
        }
      >
        <Flex
          align="center"
          gap={10}
          style={{ height: 64, padding: siderCollapsed ? '0 20px' : '0 20px', borderBottom: '1px solid rgba(255,255,255,0.08)' }}
        >
          <BrandMark size={32} />
          {siderCollapsed ? null : (
            <Typography.Text strong style={{ color: '#fff', fontSize: 16, whiteSpace: 'nowrap' }}>
              {PRODUCT_NAME}
            </Typography.Text>
          )}
        </Flex>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={selectedKey ? [selectedKey] : []}
          openKeys={siderCollapsed ? undefined : openKeys}
          onOpenChange={(keys) => setOpenKeys(keys)}
          onClick={({ key }) => {
            if (narrow) setMobileOpen(false);
            void navigate({ href: key });
          }}
          style={{ borderInlineEnd: 0, paddingBlock: 8 }}
          data-testid="side-menu"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 10,
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            borderBottom: '1px solid #e8ece9',
            paddingInline: narrow ? 12 : 20,
          }}
        >
          <Button
            type="text"
            aria-label={t('nav.toggleMenu')}
            icon={siderCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggle}
            data-testid="menu-toggle"
          />
          {meta.app_env !== 'production' ? (
            <Tag color={meta.app_env === 'development' ? 'blue' : 'orange'} data-testid="app-env">
              {t(`env.${meta.app_env}`)}
            </Tag>
          ) : null}
          <div style={{ flex: 1 }} />
          <LanguageSwitch size="small" />
          <Dropdown
            trigger={['click']}
            menu={{
              items: userMenu,
              onClick: ({ key }) => (key === 'sign-out' ? leave() : void navigate({ href: key })),
            }}
          >
            <Button type="text" style={{ height: 48, paddingInline: 8 }} data-testid="user-menu">
              <Flex align="center" gap={10}>
                <span style={INITIALS_STYLE}>{initials(profile.name)}</span>
                {narrow ? null : (
                  <Flex vertical align="flex-start" style={{ lineHeight: 1.25 }}>
                    <Typography.Text strong data-testid="user-name">
                      {profile.name}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="user-role">
                      {profile.role.name}
                    </Typography.Text>
                  </Flex>
                )}
              </Flex>
            </Button>
          </Dropdown>
          <Tooltip title={narrow ? t('nav.signOut') : undefined}>
            <Button type="text" icon={<LogoutOutlined />} aria-label={t('nav.signOut')} loading={signingOut} onClick={leave} data-testid="sign-out">
              {narrow ? null : t('nav.signOut')}
            </Button>
          </Tooltip>
        </Layout.Header>
        <Layout.Content style={{ padding: narrow ? 12 : 24 }}>
          <Breadcrumbs path={path} access={session.access} />
          {/* antd's content area is the page's one main landmark. */}
          <div data-testid="screen">
            <Outlet />
          </div>
          <StepUpDialog />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', color: 'rgba(0,0,0,0.6)', fontSize: 12, padding: '16px 24px' }} data-testid="footer">
          <Copyright />
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
