import { LogoutOutlined, MoonOutlined, SunOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Dropdown, Layout, Space, Tag, Tooltip, Typography, theme } from 'antd';
import type { ConsoleIdentity } from '../providers/identity.ts';
import { useColorMode } from '../theme/colorMode.ts';

const ROLE_COLOR: Record<ConsoleIdentity['role'], string> = {
  operator: 'red',
  owner: 'gold',
  staff: 'blue',
  agent: 'cyan',
};

/** The top bar: whose console this is (store, role), the theme switch and the account menu. */
export function Header() {
  const { token } = theme.useToken();
  const { data: me } = useGetIdentity<ConsoleIdentity>();
  const { mutate: logout } = useLogout();
  const { mode, setMode } = useColorMode();
  const dark = mode === 'dark';

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        height: 56,
        lineHeight: '56px',
        padding: '0 24px',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Space size={8}>
        <Typography.Text type="secondary">当前店铺</Typography.Text>
        <Typography.Text strong>{me ? (me.storeName ?? '平台（全部店铺）') : '—'}</Typography.Text>
      </Space>
      <Space size={16}>
        <Tooltip title={dark ? '切换到浅色主题' : '切换到深色主题'}>
          <Button
            type="text"
            shape="circle"
            aria-label={dark ? '浅色主题' : '深色主题'}
            data-testid="theme-toggle"
            icon={dark ? <SunOutlined /> : <MoonOutlined />}
            onClick={() => setMode(dark ? 'light' : 'dark')}
          />
        </Tooltip>
        <Dropdown
          menu={{
            items: [
              { key: 'phone', label: me?.phone ?? '', disabled: true },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
            ],
            onClick: ({ key }) => key === 'logout' && logout(),
          }}
        >
          <Space size={8} style={{ cursor: 'pointer' }}>
            {/* antd's small Avatar's look, without Avatar (~2 KB gz for a round icon). */}
            <span
              aria-hidden
              style={{
                width: 24,
                height: 24,
                borderRadius: '50%',
                background: token.colorPrimary,
                color: token.colorTextLightSolid,
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                fontSize: 14,
              }}
            >
              <UserOutlined />
            </span>
            <Typography.Text>{me?.nickname ?? ''}</Typography.Text>
            {me ? <Tag color={ROLE_COLOR[me.role]}>{me.roleName}</Tag> : null}
          </Space>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
