import type { IdentityData } from '@chaopin/contracts';
import {
  CalendarOutline,
  CollectMoneyOutline,
  KoubeiOutline,
  TeamOutline,
  UpCircleOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { PATHS } from '../pageConfig.ts';
import { memberUntilText } from './memberUntilText.ts';
import './myMember.css';

/** 我的's tier beside the nickname; a member sees until when, as renewals are counted from it. */
export function IdentityBadge({ identity }: { identity: IdentityData | undefined }) {
  if (!identity) return null;
  const until = identity.isMember ? memberUntilText(identity.memberUntil) : null;
  return (
    <span className="my-identity" data-testid="my-identity">
      <span className="my-identity__tier">{identity.tierText}</span>
      {until && (
        <span className="my-identity__until">
          {identity.tier === 'member' ? '' : '会员 '}
          {until}到期
        </span>
      )}
    </span>
  );
}

const ENTRIES = [
  { title: '会员中心', icon: <KoubeiOutline />, path: PATHS.membersPay },
  { title: '身份升级', icon: <UpCircleOutline />, path: PATHS.upgrade },
  { title: '推广中心', icon: <CollectMoneyOutline />, path: PATHS.myExtension },
  { title: '我的团队', icon: <TeamOutline />, path: PATHS.myTeam },
  { title: '邀请好友', icon: <UserAddOutline />, path: PATHS.userQR },
  { title: '积分签到', icon: <CalendarOutline />, path: PATHS.integral },
];

/** The social-commerce row of 我的: membership, the upgrade and the promotion pages. */
export function MemberEntries() {
  const navigate = useNavigate();
  return (
    <section className="my-member card" aria-label="会员与推广">
      {ENTRIES.map((entry) => (
        <button
          type="button"
          key={entry.path}
          data-testid={`my-member-${entry.title}`}
          onClick={() => navigate(entry.path)}
        >
          <span className="my-member__icon">{entry.icon}</span>
          <span>{entry.title}</span>
        </button>
      ))}
    </section>
  );
}
