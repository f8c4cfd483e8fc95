import { useInfiniteQuery } from '@tanstack/react-query';
import { DatePicker } from 'antd-mobile';
import {
  BillOutline,
  CloseCircleFill,
  DownFill,
  ExclamationCircleOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { FilterChips } from '../../wallet/components/FilterChips.tsx';
import { monthOf, monthText, monthToDate } from '../../wallet/labels.ts';
import { PointsBillRowItem } from '../components/PointsBillRowItem.tsx';
import { billMonthFrom, billMonthParams, recentMonths } from '../labels.ts';
import { pointsBillQuery } from '../queries.ts';
import '../../wallet/wallet.css';
import '../points.css';

const { reachBottomDistance } = pageConfigFor(PATHS.integralBill);
/** How far back the month picker reaches (a picker needs a bound; points are younger). */
const PICKER_YEARS = 5;

/** 积分明细: every points movement, by month (kept in the address), with the month's totals. */
export default function MyBillPage() {
  const [params, setParams] = useSearchParams();
  const month = billMonthFrom(params);
  const [picking, setPicking] = useState(false);
  const change = (next: string) => setParams(billMonthParams(next), { replace: true });

  const query = useInfiniteQuery(pointsBillQuery(month));
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  // The totals cover every row of the month, so any page's are the same: the first is there first.
  const totals = query.data?.pages[0];

  const now = new Date();
  const recent = recentMonths(now);
  return (
    <div className="wl-bill pt-bill">
      <div className="wl-bill__filters">
        <div className="pt-bill__balance">
          当前积分
          <strong data-testid="points-bill-balance">{totals ? totals.balance : '--'}</strong>
        </div>
        <FilterChips
          label="月份"
          options={recent.options}
          text={recent.text}
          value={month}
          onChange={change}
          testId="points-month-chips"
        />
        <div className="wl-bill__summary">
          <span className="wl-bill__month">
            <button
              type="button"
              className="wl-bill__month-pick"
              data-testid="points-filter-month"
              onClick={() => setPicking(true)}
            >
              {month ? monthText(month) : '全部月份'}
              <DownFill />
            </button>
            {month && (
              <button
                type="button"
                className="wl-bill__month-clear"
                aria-label="清除月份"
                onClick={() => change('')}
              >
                <CloseCircleFill />
              </button>
            )}
          </span>
          <span className="wl-bill__totals" data-testid="points-totals">
            获得<em className="is-in">{totals ? totals.earned : '--'}</em>
            使用<em>{totals ? Math.abs(totals.spent) : '--'}</em>
          </span>
        </div>
      </div>
      <ListStates
        query={query}
        isEmpty={rows.length === 0}
        errorIcon={<ExclamationCircleOutline />}
        empty={
          <EmptyState
            icon={<BillOutline />}
            title="暂无积分明细"
            description={month ? '换个月份试试' : '签到和每日首单获得的积分都会记在这里'}
          />
        }
      >
        <div className="wl-bill__list card">
          {rows.map((row) => (
            <PointsBillRowItem key={row.id} row={row} />
          ))}
        </div>
        {/* Keyed by the month: a footer that failed under one month starts afresh under the next. */}
        <InfiniteFooter
          key={month}
          hasMore={query.hasNextPage}
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          threshold={reachBottomDistance}
        />
      </ListStates>
      <DatePicker
        title="选择月份"
        visible={picking}
        precision="month"
        min={new Date(now.getFullYear() - PICKER_YEARS, 0, 1)}
        max={now}
        value={monthToDate(month) ?? now}
        onClose={() => setPicking(false)}
        onConfirm={(date) => change(monthOf(date))}
      />
    </div>
  );
}
