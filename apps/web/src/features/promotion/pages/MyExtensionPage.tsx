import type { CommissionState } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  BillOutline,
  FireFill,
  PayCircleOutline,
  QuestionCircleOutline,
  SendOutline,
  ShopbagOutline,
  TeamOutline,
  UnorderedListOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { centerQuery } from '../api.ts';
import { DebtBanner } from '../components/DebtBanner.tsx';
import { UpgradeBanner } from '../components/UpgradeBanner.tsx';
import { incomeDetailPath } from '../labels.ts';
import '../../../ui/promotion/promotion.css';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';

const ENTRIES: { label: string; to: string; icon: ReactNode }[] = [
  { label: '我的收益', to: PATHS.myProfit, icon: <PayCircleOutline /> },
  { label: '收益明细', to: PATHS.incomeDetail, icon: <BillOutline /> },
  { label: '我的团队', to: PATHS.myTeam, icon: <TeamOutline /> },
  { label: '邀请好友', to: PATHS.userQR, icon: <UserAddOutline /> },
  { label: '邀请开店/主播', to: PATHS.inviteFriend, icon: <ShopbagOutline /> },
  { label: '推广赚钱', to: PATHS.promotion, icon: <SendOutline /> },
  { label: '提现记录', to: PATHS.withdrawRecords, icon: <UnorderedListOutline /> },
  { label: '推广规则', to: PATHS.userRule, icon: <QuestionCircleOutline /> },
  { label: '赚钱攻略', to: PATHS.moneyStrategy, icon: <FireFill /> },
];

/**
 * 推广中心: who I am in the programme, what can be withdrawn (and the debt that blocks it), what
 * was earned, and the ways to every promotion page. Pull-to-refresh comes from the page config.
 */
export default function MyExtensionPage() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const center = useQuery(centerQuery());

  if (!center.data) {
    if (center.isError) {
      return <LoadFailed onRetry={() => void center.refetch()} />;
    }
    return <PageLoading />;
  }
  const data = center.data;
  const { identity } = data;
  const states: [CommissionState, string, number][] = [
    ['pending', '待结算', data.pending],
    ['frozen', '冻结中', data.frozen],
    ['settled', '已结算', data.settled],
  ];

  return (
    <div className="pr-center">
      <section className="pr-center__head">
        <div className="pr-center__who">
          <Img className="pr-center__avatar" src={user?.avatar} fallback={DEFAULT_AVATAR} alt="" />
          <div className="pr-center__name">
            <strong>{user?.nickname ?? '我'}</strong>
            <span className={`pr-tier is-${identity.tier}`} data-testid="center-tier">
              {identity.tierText}
            </span>
          </div>
          <span className="pr-center__code">邀请码 {identity.inviteCode}</span>
        </div>
        {identity.parent && <p className="pr-center__parent">邀请人：{identity.parent.nickname}</p>}
        <div className="pr-center__money">
          <div>
            <div className="pr-center__label">可提现（元）</div>
            <div className="pr-center__value" data-testid="center-withdrawable">
              {formatPrice(data.withdrawable, false)}
            </div>
            <div className="pr-center__sub">已提现 {formatPrice(data.withdrawn)}</div>
          </div>
          <button
            type="button"
            className="pr-center__withdraw"
            onClick={() => navigate(PATHS.cashWithdrawal)}
          >
            提现
          </button>
        </div>
      </section>

      {!identity.isPromoter && <UpgradeBanner />}
      <DebtBanner debt={data.debt} />

      <section className="pr-figures card">
        <Figure label="今日收益" fen={data.today} testId="center-today" />
        <Figure label="本月收益" fen={data.month} testId="center-month" />
        <Figure label="累计收益" fen={data.total} testId="center-total" />
      </section>

      <section className="pr-figures card">
        {states.map(([state, label, fen]) => (
          <Link key={state} className="pr-figure" to={incomeDetailPath({ state })}>
            <span className="pr-figure__value">{formatPrice(fen, false)}</span>
            <span className="pr-figure__label">{label}</span>
          </Link>
        ))}
      </section>

      <section className="pr-figures pr-figures--counts card">
        <Link className="pr-figure" to={PATHS.incomeDetail}>
          <span className="pr-figure__value">{data.orderCount}</span>
          <span className="pr-figure__label">推广订单</span>
        </Link>
        <Link className="pr-figure" to={PATHS.myTeam}>
          <span className="pr-figure__value">{data.directCount}</span>
          <span className="pr-figure__label">直属成员</span>
        </Link>
        <Link className="pr-figure" to={`${PATHS.myTeam}?level=2`}>
          <span className="pr-figure__value">{data.indirectCount}</span>
          <span className="pr-figure__label">间接成员</span>
        </Link>
      </section>

      <nav className="pr-grid card" aria-label="推广功能">
        {ENTRIES.map((entry) => (
          <Link key={entry.to} className="pr-grid__item" to={entry.to}>
            <span className="pr-grid__icon">{entry.icon}</span>
            <span>{entry.label}</span>
          </Link>
        ))}
      </nav>
    </div>
  );
}

function Figure({ label, fen, testId }: { label: string; fen: number; testId: string }) {
  return (
    <div className="pr-figure">
      <span className="pr-figure__value" data-testid={testId}>
        {formatPrice(fen, false)}
      </span>
      <span className="pr-figure__label">{label}</span>
    </div>
  );
}
