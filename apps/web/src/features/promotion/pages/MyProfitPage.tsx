import type { CommissionState } from '@chaopin/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { centerQuery, incomeSumQuery } from '../api.ts';
import { DebtBanner } from '../components/DebtBanner.tsx';
import { INCOME_STATE_TEXT, incomeDetailPath } from '../labels.ts';
import '../../../ui/promotion/promotion.css';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';

/** Voided commission is left out: it never was, and never will be, money. */
const LIVE_STATES = ['pending', 'frozen', 'settled'] as const satisfies readonly CommissionState[];
const LEVELS = [
  { level: '1', name: '一级佣金', who: '直属成员下单' },
  { level: '2', name: '二级佣金', who: '间接成员下单' },
] as const;

/**
 * 我的收益 (myTotalIncome): the totals of 推广中心 by state, and by level from the income sums
 * (each cell one filtered sum); every figure opens 收益明细 on its filter.
 */
export default function MyProfitPage() {
  const center = useQuery(centerQuery());
  const cells = useQueries({
    queries: LEVELS.flatMap(({ level }) =>
      LIVE_STATES.map((state) => incomeSumQuery(state, level)),
    ),
  });
  const cell = (levelIndex: number, stateIndex: number) =>
    cells[levelIndex * LIVE_STATES.length + stateIndex]?.data;

  if (!center.data) {
    if (center.isError) {
      return <LoadFailed onRetry={() => void center.refetch()} />;
    }
    return <PageLoading />;
  }
  const data = center.data;
  const byState: [CommissionState, number][] = [
    ['pending', data.pending],
    ['frozen', data.frozen],
    ['settled', data.settled],
  ];

  return (
    <div className="pr-profit">
      <section className="pr-profit__head">
        <div className="pr-center__label">累计收益（元）</div>
        <div className="pr-center__value" data-testid="profit-total">
          {formatPrice(data.total, false)}
        </div>
        <div className="pr-profit__row">
          <span>今日 {formatPrice(data.today)}</span>
          <span>本月 {formatPrice(data.month)}</span>
          <span>已提现 {formatPrice(data.withdrawn)}</span>
        </div>
      </section>

      <DebtBanner debt={data.debt} />

      <section className="card pr-block">
        <h3 className="pr-block__title">按状态</h3>
        <div className="pr-figures pr-figures--flat">
          {byState.map(([state, fen]) => (
            <Link
              key={state}
              className="pr-figure"
              to={incomeDetailPath({ state })}
              data-testid={`profit-${state}`}
            >
              <span className="pr-figure__value">{formatPrice(fen, false)}</span>
              <span className="pr-figure__label">{INCOME_STATE_TEXT[state]}</span>
            </Link>
          ))}
          <Link className="pr-figure" to={PATHS.cashWithdrawal}>
            <span className="pr-figure__value is-strong">
              {formatPrice(data.withdrawable, false)}
            </span>
            <span className="pr-figure__label">可提现</span>
          </Link>
        </div>
        <p className="pr-block__note">买家确认收货后佣金进入冻结期，期满结算后可提现。</p>
      </section>

      <section className="card pr-block">
        <h3 className="pr-block__title">按层级</h3>
        <table className="pr-levels" data-testid="profit-levels">
          <thead>
            <tr>
              <th scope="col">层级</th>
              {LIVE_STATES.map((state) => (
                <th key={state} scope="col">
                  {INCOME_STATE_TEXT[state]}
                </th>
              ))}
              <th scope="col">合计</th>
            </tr>
          </thead>
          <tbody>
            {LEVELS.map(({ level, name, who }, li) => {
              const values = LIVE_STATES.map((_, si) => cell(li, si));
              const known = values.every((v) => v !== undefined);
              const sum = values.reduce<number>((a, v) => a + (v ?? 0), 0);
              return (
                <tr key={level}>
                  <th scope="row">
                    <Link to={incomeDetailPath({ level })}>{name}</Link>
                    <small>{who}</small>
                  </th>
                  {values.map((v, si) => (
                    <td key={LIVE_STATES[si]}>
                      <Link to={incomeDetailPath({ level, state: LIVE_STATES[si] })}>
                        {v === undefined ? '--' : formatPrice(v, false)}
                      </Link>
                    </td>
                  ))}
                  <td className="is-strong">{known ? formatPrice(sum, false) : '--'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      <Link className="pr-more card" to={PATHS.incomeDetail}>
        <span>查看收益明细</span>
        <RightOutline />
      </Link>
    </div>
  );
}
