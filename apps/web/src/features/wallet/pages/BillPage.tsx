import { BILL_ACCOUNTS, BILL_KIND_TEXT, BILL_KINDS } from '@chaopin/contracts';
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
import { BillRowItem } from '../components/BillRowItem.tsx';
import { FilterChips } from '../components/FilterChips.tsx';
import {
  ACCOUNT_TEXT,
  type BillFilter,
  billFilterFrom,
  billFilterParams,
  monthOf,
  monthText,
  monthToDate,
} from '../labels.ts';
import { billQuery } from '../queries.ts';
import '../wallet.css';

const { reachBottomDistance } = pageConfigFor(PATHS.bill);
/** How far back the month picker reaches (a picker needs a bound; the wallet is younger). */
const PICKER_YEARS = 5;

/** 明细: the balance and red-packet movements, filtered by account, kind and month. */
export default function BillPage() {
  const [params, setParams] = useSearchParams();
  const filter = billFilterFrom(params);
  const [picking, setPicking] = useState(false);
  const change = (patch: Partial<BillFilter>) =>
    setParams(billFilterParams({ ...filter, ...patch }), { replace: true });

  const query = useInfiniteQuery(billQuery(filter));
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  // The totals cover every filtered row, so any page's are the same: the first is there first.
  const totals = query.data?.pages[0];
  const filtered = filter.account !== 'all' || filter.kind !== 'all' || filter.month !== '';

  const now = new Date();
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
          <span className="wl-bill__month">
            <button
              type="button"
              className="wl-bill__month-pick"
              data-testid="bill-filter-month"
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
