import {
  BarsOutlined,
  LeftOutlined,
  LogoutOutlined,
  RightOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import {
  CanAccess,
  type TreeMenuItem,
  useLink,
  useLogout,
  useMenu,
  useTranslate,
  useWarnAboutChange,
} from '@refinedev/core';
import { Button, Grid, Layout, Menu, theme } from 'antd';
import { type CSSProperties, lazy, Suspense, useState } from 'react';
import { Brand } from './Brand.tsx';

/** The phone-width menu slides in over the page; its Drawer loads only on a narrow screen. */
const Drawer = lazy(() => import('antd/es/drawer'));

const WIDTH = 200;
const COLLAPSED_WIDTH = 80;

/**
 * The sider: 概览, 商品, 订单 › 售后… (refine's resources, each item behind its permission), every
 * section open, 退出登录 last; fixed while the page scrolls, folding to icons by its trigger or
 * under 992 px, a drawer on phones. refine's ThemedSider, without the Drawer on the desktop's
 * first load and with our Brand.
 */
export function Sider() {
  const { token } = theme.useToken();
  const breakpoint = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const Link = useLink();
  const translate = useTranslate();
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const { mutate: logout } = useLogout();
  const { menuItems, selectedKey, defaultOpenKeys } = useMenu();
  const mobile = breakpoint.lg === undefined ? false : !breakpoint.lg;

  const tree = (items: TreeMenuItem[]) =>
    items.map((item) => {
      const label = item.label ?? item.meta?.label ?? item.name;
      if (item.children.length > 0) {
        return (
          <CanAccess key={item.key} resource={item.name} action="list" params={{ resource: item }}>
            <Menu.SubMenu
              key={item.key}
              icon={item.meta?.icon ?? <UnorderedListOutlined />}
              title={label}
            >
              {tree(item.children)}
            </Menu.SubMenu>
          </CanAccess>
        );
      }
      const selected = item.key === selectedKey;
      const isRoute = !(item.meta?.parent !== undefined && item.children.length === 0);
      return (
        <CanAccess key={item.key} resource={item.name} action="list" params={{ resource: item }}>
          <Menu.Item
            key={item.key}
            icon={item.meta?.icon ?? (isRoute && <UnorderedListOutlined />)}
          >
            <Link to={item.list ?? ''}>{label}</Link>
            {!collapsed && selected && <div className="ant-menu-tree-arrow" />}
          </Menu.Item>
        </CanAccess>
      );
    });

  const onLogout = () => {
    if (warnWhen) {
      if (!window.confirm(translate('warnWhenUnsavedChanges'))) return;
      setWarnWhen(false);
    }
    logout();
  };

  const menu = (
    <Menu
      selectedKeys={selectedKey ? [selectedKey] : []}
      defaultOpenKeys={[...defaultOpenKeys, ...menuItems.map((item) => item.key)]}
      mode="inline"
      style={{ paddingTop: 8, border: 'none', overflow: 'auto', height: 'calc(100% - 72px)' }}
      onClick={() => setDrawerOpen(false)}
    >
      {tree(menuItems)}
      <Menu.Item key="logout" onClick={onLogout} icon={<LogoutOutlined />}>
        {translate('buttons.logout', '退出登录')}
      </Menu.Item>
    </Menu>
  );

  const titleBar = (folded: boolean): CSSProperties => ({
    width: folded ? COLLAPSED_WIDTH : WIDTH,
    padding: folded ? 0 : '0 16px',
    display: 'flex',
    justifyContent: folded ? 'center' : 'flex-start',
    alignItems: 'center',
    height: 64,
    backgroundColor: token.colorBgElevated,
    fontSize: 14,
  });
  const siderStyle: CSSProperties = {
    backgroundColor: token.colorBgContainer,
    borderRight: `1px solid ${token.colorBgElevated}`,
  };

  if (mobile) {
    return (
      <>
        {drawerOpen ? (
          <Suspense fallback={null}>
            <Drawer
              open
              onClose={() => setDrawerOpen(false)}
              placement="left"
              closable={false}
              width={WIDTH}
              styles={{ body: { padding: 0 } }}
            >
              <Layout>
                <Layout.Sider style={{ ...siderStyle, height: '100vh' }}>
                  <div style={titleBar(false)}>
                    <Brand collapsed={false} />
                  </div>
                  {menu}
                </Layout.Sider>
              </Layout>
            </Drawer>
          </Suspense>
        ) : null}
        <Button
          style={{
            borderStartStartRadius: 0,
            borderEndStartRadius: 0,
            position: 'fixed',
            top: 64,
            zIndex: 999,
          }}
          size="large"
          aria-label="菜单"
          onClick={() => setDrawerOpen(true)}
          icon={<BarsOutlined />}
        />
      </>
    );
  }

  return (
    <>
      {/* Holds the sider's place in the row while the sider itself is fixed. */}
      <div style={{ width: collapsed ? COLLAPSED_WIDTH : WIDTH, transition: 'all 0.2s' }} />
      <Layout.Sider
        style={{ ...siderStyle, position: 'fixed', top: 0, height: '100vh', zIndex: 999 }}
        collapsible
        collapsed={collapsed}
        onCollapse={(next, type) => {
          if (type === 'clickTrigger') setCollapsed(next);
        }}
        collapsedWidth={COLLAPSED_WIDTH}
        width={WIDTH}
        breakpoint="lg"
        trigger={
          <Button
            type="text"
            aria-label={collapsed ? '展开菜单' : '收起菜单'}
            style={{
              borderRadius: 0,
              height: '100%',
              width: '100%',
              backgroundColor: token.colorBgElevated,
            }}
          >
            {collapsed ? (
              <RightOutlined style={{ color: token.colorPrimary }} />
            ) : (
              <LeftOutlined style={{ color: token.colorPrimary }} />
            )}
          </Button>
        }
      >
        <div style={titleBar(collapsed)}>
          <Brand collapsed={collapsed} />
        </div>
        {menu}
      </Layout.Sider>
    </>
  );
}
