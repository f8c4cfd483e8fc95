import { List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useSession } from '../../../core/session.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import '../settings.css';

/** 账号与安全 */
export default function SettingTwoPage() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  return (
    <div className="form-page">
      <List>
        <List.Item extra={user?.phone} onClick={() => navigate(PATHS.modifyMobile)}>
          修改手机号
        </List.Item>
        <List.Item
          extra={user?.hasPassword ? '' : '未设置'}
          onClick={() => navigate(PATHS.modifyPassword)}
        >
          {user?.hasPassword ? '修改登录密码' : '设置登录密码'}
        </List.Item>
      </List>
      <List className="settings__group">
        <List.Item
          extra={user?.realNameVerified ? '已认证' : '未认证'}
          onClick={() => navigate(PATHS.nameAuthentication)}
        >
          实名认证
        </List.Item>
        <List.Item
          extra={user?.hasPayPassword ? '已设置' : '未设置'}
          onClick={() => navigate(PATHS.choosePayType)}
        >
          支付密码
        </List.Item>
      </List>
    </div>
  );
}
