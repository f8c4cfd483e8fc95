import { Button, Dialog, List } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../core/session.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess } from '../../../ui/toast.ts';
import '../settings.css';

export default function SettingPage() {
  const navigate = useNavigate();
  const logout = useSession((s) => s.logout);
  const [leaving, setLeaving] = useState(false);

  const confirmLogout = async () => {
    const ok = await Dialog.confirm({ content: '确定要退出登录吗？', confirmText: '退出登录' });
    if (!ok) return;
    setLeaving(true);
    // Leave the protected page first so the login gate does not fire on the way out: rendered
    // at once (flushSync), not in a transition that would still show this page when the session
    // is forgotten a moment later.
    await navigate(PATHS.my, { replace: true, flushSync: true });
    await logout();
    showSuccess('已退出登录');
  };

  return (
    <div className="form-page">
      <List>
        <List.Item onClick={() => navigate(PATHS.settingTwo)}>账号与安全</List.Item>
        <List.Item onClick={() => navigate(PATHS.userInfo)}>个人信息</List.Item>
      </List>
      <List className="settings__group">
        <List.Item onClick={() => navigate(PATHS.aboutUs)}>关于我们</List.Item>
      </List>
      <div className="form-actions">
        <Button block shape="rounded" size="large" loading={leaving} onClick={confirmLogout}>
          退出登录
        </Button>
      </div>
    </div>
  );
}
