import { BillOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { FilterChips } from '../../../ui/bills/FilterChips.tsx';
import { MonthFilter } from '../../../ui/bills/MonthFilter.tsx';
import { useMonthFilteredList } from '../../../ui/bills/useMonthFilteredList.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { pointsBillQuery } from '../api.ts';
import { PointsBillRowItem } from '../components/PointsBillRowItem.tsx';
import { billMonthFrom, billMonthParams, recentMonths } from '../labels.ts';
import '../../../ui/bills/wallet.css';
import '../points.css';

const { reachBottomDistance } = pageConfigFor(PATHS.integralBill);

// The points bill is filtered by the month alone.
const monthFilterFrom = (params: URLSearchParams) => ({ month: billMonthFrom(params) });
const monthFilterParams = ({ month }: { month: string }) => billMonthParams(month);
const monthBillQuery = ({ month }: { month: string }) => pointsBillQuery(month);

/** 积分明细: every points movement, by month (kept in the address), with the month's totals. */
export default function MyBillPage() {
  const {
    filter: { month },
    change: changeFilter,
    query,
    rows,
    first: totals,
  } = useMonthFilteredList(monthFilterFrom, monthFilterParams, monthBillQuery);
  const change = (next: string) => changeFilter({ month: next });

  const recent = recentMonths();
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
          <MonthFilter month={month} onChange={change} testId="points-filter-month" />
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
    </div>
  );
}
