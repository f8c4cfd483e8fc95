import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { PATHS } from '../../../ui/pageConfig.ts';

/** For a user who is not yet a promoter: commission and withdrawal start with the upgrade. */
export function UpgradeBanner({ text = '升级推广员，分享商品赚佣金' }: { text?: string }) {
  return (
    <Link className="pr-upgrade" to={PATHS.upgrade} data-testid="upgrade-banner">
      <span className="pr-upgrade__text">{text}</span>
      <span className="pr-upgrade__go">
        升级推广员
        <RightOutline />
      </span>
    </Link>
  );
}
