import { List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { APP_NAME, PATHS } from '../../../ui/pageConfig.ts';
import '../settings.css';
import { formatDate } from '../../../core/format.ts';

const VERSION = import.meta.env.VITE_APP_VERSION ?? '0.1.0';

export default function AboutUsPage() {
  const navigate = useNavigate();
  return (
    <div className="about">
      <img className="about__logo" src="/icon.svg" alt="" />
      <h1 className="about__name">{APP_NAME}</h1>
      <div className="about__version">版本 {VERSION}</div>
      <p className="about__desc">
        {APP_NAME}
        是一款边看直播边购物的潮流好物商城。我们精选品质好物，由主播实时讲解、答疑，让你买得明白、买得放心。
        邀请好友一起逛，还能共享更多优惠。
      </p>
      <List className="about__links">
        <List.Item onClick={() => navigate(PATHS.agreement)}>用户协议</List.Item>
        <List.Item onClick={() => navigate(PATHS.privacy)}>隐私政策</List.Item>
      </List>
      <div className="about__copyright">
        © {formatDate(Date.now()).slice(0, 4)} {APP_NAME} 保留所有权利
      </div>
    </div>
  );
}
