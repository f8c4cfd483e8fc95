import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useSession } from '../../../core/session.ts';
import { loginPath, PATHS } from '../../../ui/pageConfig.ts';
import { HelpRedPanel, HelpSteps } from '../components/HelpRedPanel.tsx';
import '../zone.css';

/**
 * userHelpRed (好友助力红包): who helped me (avatar, name, time), what it earned me and what is
 * still on its way, and my invitation to send. Signed out, the steps and a way to sign in.
 */
export default function HelpRedPage() {
  const { isLogin } = useSession();
  const navigate = useNavigate();
  return (
    <div className="zone-help" data-testid="help-red-page">
      <header className="zone-help__hero">
        <h2>好友助力红包</h2>
        <p>邀请好友来助力，红包拿不停</p>
      </header>
      {isLogin ? (
        <HelpRedPanel />
      ) : (
        <div className="zone-help__login">
          <HelpSteps />
          <Button
            block
            shape="rounded"
            color="primary"
            onClick={() => navigate(loginPath(PATHS.userHelpRed))}
          >
            登录后邀请好友助力
          </Button>
        </div>
      )}
    </div>
  );
}
