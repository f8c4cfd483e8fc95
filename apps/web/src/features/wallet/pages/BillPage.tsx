import { BILL_ACCOUNTS, BILL_KIND_TEXT, BILL_KINDS } from '@chaopin/contracts';
import { BillOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { formatPrice } from '../../../core/format.ts';
import { BillRowItem } from '../../../ui/bills/BillRowItem.tsx';
import { ACCOUNT_TEXT, billFilterFrom, billFilterParams } from '../../../ui/bills/billLabels.ts';
import { FilterChips } from '../../../ui/bills/FilterChips.tsx';
import { MonthFilter } from '../../../ui/bills/MonthFilter.tsx';
import { useMonthFilteredList } from '../../../ui/bills/useMonthFilteredList.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import '../../../ui/bills/wallet.css';
import { billQuery } from '../api.ts';

const { reachBottomDistance } = pageConfigFor(PATHS.bill);

/** 明细: the balance and red-packet movements, filtered by account, kind and month. */
export default function BillPage() {
  const {
    filter,
    change,
    query,
    rows,
    first: totals,
  } = useMonthFilteredList(billFilterFrom, billFilterParams, billQuery);
  const filtered = filter.account !== 'all' || filter.kind !== 'all' || filter.month !== '';

  return (
    <div className="wl-bill">
      <div className="wl-bill__filters">
        <FilterChips
          label="账户"
          options={BILL_ACCOUNTS}
          text={ACCOUNT_TEXT}
          value={filter.account}
          onChange={(account) => change({ account })}
          testId="bill-filter-account"
        />
        <FilterChips
          label="类型"
          options={BILL_KINDS}
          text={BILL_KIND_TEXT}
          value={filter.kind}
          onChange={(kind) => change({ kind })}
          testId="bill-filter-kind"
        />
        <div className="wl-bill__summary">
          <MonthFilter
            month={filter.month}
            onChange={(month) => change({ month })}
            testId="bill-filter-month"
          />
          <span className="wl-bill__totals" data-testid="bill-totals">
            收入<em className="is-in">{totals ? formatPrice(totals.income) : '--'}</em>
            支出<em>{totals ? formatPrice(Math.abs(totals.expense)) : '--'}</em>
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
            title="暂无明细"
            description={filtered ? '换个筛选条件试试' : '充值、消费、退款和拆红包都会记在这里'}
          />
        }
      >
        <div className="wl-bill__list card">
          {rows.map((row) => (
            <BillRowItem key={row.id} row={row} />
          ))}
        </div>
        {/* Keyed by the filter: a footer that failed under one filter starts afresh under the next. */}
        <InfiniteFooter
          key={`${filter.account}/${filter.kind}/${filter.month}`}
          hasMore={query.hasNextPage}
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          threshold={reachBottomDistance}
        />
      </ListStates>
    </div>
  );
}
