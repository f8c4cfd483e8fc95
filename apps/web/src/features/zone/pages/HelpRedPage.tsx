import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../ui/pageConfig.ts';
import '../zone.css';

const STEPS = [
  ['邀请好友', '在“邀请有礼”生成专属海报或链接，分享给好友'],
  ['好友助力', '好友通过你的邀请注册成为新用户，即为你助力一次'],
  ['领取红包', '好友首单确认收货后，助力红包自动发放到“我的红包”'],
] as const;

/** userHelpRed (好友助力红包): what a friend's boost gives and the way to the invite page. */
export default function HelpRedPage() {
  const navigate = useNavigate();
  return (
    <div className="zone-share" data-testid="help-red-page">
      <h2 className="zone-share__title">好友助力红包</h2>
      <p className="zone-share__sub">邀请好友来助力，红包拿不停</p>
      <ol className="zone-steps">
        {STEPS.map(([title, text], i) => (
          <li key={title} className="zone-steps__item card">
            <b className="zone-steps__no">{i + 1}</b>
            <span>
              <strong>{title}</strong>
              <small>{text}</small>
            </span>
          </li>
        ))}
      </ol>
      <Button block shape="rounded" color="primary" onClick={() => navigate(PATHS.userQR)}>
        立即邀请好友
      </Button>
    </div>
  );
}
