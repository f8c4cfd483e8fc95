import type { HelpRedData } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { ProgressBar } from 'antd-mobile';
import { UserAddOutline } from 'antd-mobile-icons';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { helpRedQuery, inviteQuery } from '../../../ui/promotion/promoKeys.ts';
import { InviteShare } from '../../../ui/share/InviteShare.tsx';

const STEPS = [
  ['邀请好友', '把下方的海报或链接分享给好友'],
  ['好友助力', '好友通过你的邀请注册成为新用户，即为你助力一次'],
  ['领取红包', '好友首单确认收货后，助力红包自动发放到“我的红包”'],
] as const;

/** How 好友助力 works, in three steps. */
export function HelpSteps() {
  return (
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
  );
}

/** The signed-in user's 好友助力: earnings and progress, who helped, and the invitation to send. */
export function HelpRedPanel() {
  const help = useQuery(helpRedQuery());
  const invite = useQuery({ ...inviteQuery(), meta: { toast: false } });
  const data = help.data;
  return (
    <>
      {data && <Earnings data={data} />}
      <section className="card zone-help__section">
        <h3>助力好友 {data ? `(${data.helperCount})` : ''}</h3>
        <ListStates
          query={help}
          isEmpty={(data?.helpers.length ?? 0) === 0}
          empty={
            <EmptyState
              icon={<UserAddOutline />}
              title="还没有好友助力"
              description="分享下方的邀请海报，好友注册即为你助力"
            />
          }
        >
          <ul className="zone-helpers">
            {data?.helpers.map((h) => (
              <li key={`${h.helpedAt}-${h.nickname}`} className="zone-helper" data-testid="helper">
                <Img className="zone-helper__avatar" src={h.avatar} fallback={DEFAULT_AVATAR} />
                <span className="zone-helper__who">
                  <strong>{h.nickname}</strong>
                  <small>{formatDateTime(h.helpedAt)} 为你助力</small>
                </span>
                <span className={`zone-helper__reward${h.reward === null ? ' is-pending' : ''}`}>
                  {h.reward === null ? '首单收货后到账' : `+${formatPrice(h.reward)}`}
                </span>
              </li>
            ))}
          </ul>
        </ListStates>
      </section>
      <section className="card zone-help__section" data-testid="help-share">
        <h3>分享给好友</h3>
        {invite.data ? (
          <InviteShare
            inviteCode={invite.data.inviteCode}
            link={invite.data.link}
            posterUrl={invite.data.posterUrl}
          />
        ) : null}
      </section>
      <HelpSteps />
    </>
  );
}

function Earnings({ data }: { data: HelpRedData }) {
  const pending = data.helperCount - data.rewardedCount;
  const percent = data.helperCount ? Math.round((data.rewardedCount / data.helperCount) * 100) : 0;
  return (
    <section className="card zone-help__earn" data-testid="help-earnings">
      <div className="zone-help__figures">
        <div>
          <strong data-testid="help-earned">{formatPrice(data.earned)}</strong>
          <span>已得助力红包</span>
        </div>
        <div>
          <strong>{data.helperCount}</strong>
          <span>位好友助力</span>
        </div>
        <div>
          <strong>{formatPrice(pending * data.rewardPerFriend)}</strong>
          <span>待到账</span>
        </div>
      </div>
      <ProgressBar percent={percent} />
      <p className="zone-help__rule">
        每位好友首单确认收货，你得 {formatPrice(data.rewardPerFriend)} 红包
        {data.inviteeGift > 0 ? `；好友注册即得 ${formatPrice(data.inviteeGift)} 红包` : ''}
      </p>
    </section>
  );
}
