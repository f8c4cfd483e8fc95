import { BillOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { formatPrice } from '../../../core/format.ts';
import { FilterChips } from '../../../ui/bills/FilterChips.tsx';
import { MonthFilter } from '../../../ui/bills/MonthFilter.tsx';
import { useMonthFilteredList } from '../../../ui/bills/useMonthFilteredList.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { incomeQuery } from '../api.ts';
import { CommissionItem } from '../components/CommissionItem.tsx';
import {
  INCOME_LEVEL_TEXT,
  INCOME_LEVELS,
  INCOME_STATE_TEXT,
  INCOME_STATES,
  incomeFilterFrom,
  incomeFilterParams,
} from '../labels.ts';
import '../../../ui/bills/wallet.css';
import '../../../ui/promotion/promotion.css';

const { reachBottomDistance } = pageConfigFor(PATHS.incomeDetail);

/** 收益明细: every commission, filtered by state, level and month (kept in the address). */
export default function IncomeDetailPage() {
  const { filter, change, query, rows, first } = useMonthFilteredList(
    incomeFilterFrom,
    incomeFilterParams,
    incomeQuery,
  );
  const filtered = filter.state !== 'all' || filter.level !== 'all' || filter.month !== '';

  return (
    <div className="pr-income-page">
      <div className="wl-bill__filters">
        <FilterChips
          label="状态"
          options={INCOME_STATES}
          text={INCOME_STATE_TEXT}
          value={filter.state}
          onChange={(state) => change({ state })}
          testId="income-filter-state"
        />
        <FilterChips
          label="层级"
          options={INCOME_LEVELS}
          text={INCOME_LEVEL_TEXT}
          value={filter.level}
          onChange={(level) => change({ level })}
          testId="income-filter-level"
        />
        <div className="wl-bill__summary">
          <MonthFilter
            month={filter.month}
            onChange={(month) => change({ month })}
            testId="income-filter-month"
          />
          <span className="wl-bill__totals" data-testid="income-sum">
            {first ? `共${first.total}笔` : ''}
            合计<em className="is-in">{first ? formatPrice(first.sum) : '--'}</em>
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
            title="暂无收益"
            description={filtered ? '换个筛选条件试试' : '好友通过您的分享下单后，佣金会记在这里'}
          />
        }
      >
        <div className="pr-income-list">
          {rows.map((row) => (
            <CommissionItem key={row.id} row={row} />
          ))}
        </div>
        {/* Keyed by the filter: a footer that failed under one filter starts afresh under the next. */}
        <InfiniteFooter
          key={`${filter.state}/${filter.level}/${filter.month}`}
          hasMore={query.hasNextPage}
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          threshold={reachBottomDistance}
        />
      </ListStates>
    </div>
  );
}
