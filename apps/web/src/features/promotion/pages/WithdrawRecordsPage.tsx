import type { Withdrawal } from '@chaopin/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import { BillOutline, ExclamationCircleOutline, RightOutline } from 'antd-mobile-icons';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { withdrawalsQuery } from '../api.ts';
import {
  WITHDRAW_TAB_TEXT,
  WITHDRAW_TABS,
  withdrawResultPath,
  withdrawTabFrom,
} from '../labels.ts';
import '../../../ui/promotion/promotion.css';

const { reachBottomDistance } = pageConfigFor(PATHS.withdrawRecords);

/** 提现记录: my withdrawals by state (?state= keeps the tab); each opens its result page. */
export default function WithdrawRecordsPage() {
  const [params, setParams] = useSearchParams();
  const tab = withdrawTabFrom(params);
  const query = useInfiniteQuery(withdrawalsQuery(tab));
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <div className="pr-records">
      <div className="pr-records__tabs">
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setParams(key === 'all' ? {} : { state: key }, { replace: true });
            window.scrollTo({ top: 0 });
          }}
        >
          {WITHDRAW_TABS.map((key) => (
            <Tabs.Tab
              key={key}
              title={<span data-testid={`withdraw-tab-${key}`}>{WITHDRAW_TAB_TEXT[key]}</span>}
            />
          ))}
        </Tabs>
      </div>
      <ListStates
        query={query}
        isEmpty={rows.length === 0}
        errorIcon={<ExclamationCircleOutline />}
        empty={
          <EmptyState
            icon={<BillOutline />}
            title="暂无提现记录"
            description={tab === 'all' ? '佣金结算后即可申请提现' : '换个状态看看'}
          />
        }
      >
        <div className="pr-records__list card">
          {rows.map((row) => (
            <RecordItem key={row.withdrawNo} row={row} />
          ))}
        </div>
        <InfiniteFooter
          key={tab}
          hasMore={query.hasNextPage}
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          threshold={reachBottomDistance}
        />
      </ListStates>
    </div>
  );
}

function RecordItem({ row }: { row: Withdrawal }) {
  return (
    <Link className="pr-record" to={withdrawResultPath(row.withdrawNo)} data-testid="withdraw-row">
      <div className="pr-record__main">
        <div className="pr-record__line">
          <span>提现到支付宝 {row.account}</span>
          <strong>{formatPrice(row.amount)}</strong>
        </div>
        <div className="pr-record__line pr-record__meta">
          <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
          <span>
            手续费 {formatPrice(row.fee)} · 到账 {formatPrice(row.net)}
          </span>
        </div>
      </div>
      <span className={`pr-state is-${row.state}`}>{row.stateText}</span>
      <RightOutline className="pr-record__go" />
    </Link>
  );
}
