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
import { formatPrice } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { FilterChips } from '../../wallet/components/FilterChips.tsx';
import { monthOf, monthText, monthToDate } from '../../wallet/labels.ts';
import { CommissionItem } from '../components/CommissionItem.tsx';
import {
  INCOME_LEVEL_TEXT,
  INCOME_LEVELS,
  INCOME_STATE_TEXT,
  INCOME_STATES,
  type IncomeFilter,
  incomeFilterFrom,
  incomeFilterParams,
} from '../labels.ts';
import { incomeQuery } from '../queries.ts';
import '../../wallet/wallet.css';
import '../promotion.css';

const { reachBottomDistance } = pageConfigFor(PATHS.incomeDetail);
/** How far back the month picker reaches (a picker needs a bound). */
const PICKER_YEARS = 5;

/** 收益明细: every commission, filtered by state, level and month (kept in the address). */
export default function IncomeDetailPage() {
  const [params, setParams] = useSearchParams();
  const filter = incomeFilterFrom(params);
  const [picking, setPicking] = useState(false);
  const change = (patch: Partial<IncomeFilter>) =>
    setParams(incomeFilterParams({ ...filter, ...patch }), { replace: true });

  const query = useInfiniteQuery(incomeQuery(filter));
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  // The sum covers every filtered row, so any page's is the same: the first is there first.
  const first = query.data?.pages[0];
  const filtered = filter.state !== 'all' || filter.level !== 'all' || filter.month !== '';

  const now = new Date();
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
          <span className="wl-bill__month">
            <button
              type="button"
              className="wl-bill__month-pick"
              data-testid="income-filter-month"
              onClick={() => setPicking(true)}
            >
              {filter.month ? monthText(filter.month) : '全部月份'}
              <DownFill />
            </button>
            {filter.month && (
              <button
                type="button"
                className="wl-bill__month-clear"
                aria-label="清除月份"
                onClick={() => change({ month: '' })}
              >
                <CloseCircleFill />
              </button>
            )}
          </span>
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
      <DatePicker
        title="选择月份"
        visible={picking}
        precision="month"
        min={new Date(now.getFullYear() - PICKER_YEARS, 0, 1)}
        max={now}
        value={monthToDate(filter.month) ?? now}
        onClose={() => setPicking(false)}
        onConfirm={(date) => change({ month: monthOf(date) })}
      />
    </div>
  );
}
