import { Typography, theme } from 'antd';

/** The console's mark: the shop's red square and its name (just the mark when the sider folds). */
export function Brand({ collapsed }: { collapsed: boolean }) {
  const { token } = theme.useToken();
  return (
    <a href="#/" style={{ display: 'flex', alignItems: 'center', gap: 10, color: token.colorText }}>
      <span
        aria-hidden
        style={{
          width: 28,
          height: 28,
          borderRadius: 8,
          background: 'linear-gradient(135deg, #ff4d6d, #ff0135)',
          color: '#fff',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontWeight: 700,
          flex: 'none',
        }}
      >
        潮
      </span>
      {collapsed ? null : (
        <Typography.Text strong style={{ fontSize: 15, whiteSpace: 'nowrap' }}>
          潮品直播 · 管理后台
        </Typography.Text>
      )}
    </a>
  );
}
