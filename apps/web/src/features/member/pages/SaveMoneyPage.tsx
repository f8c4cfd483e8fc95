import type { SavingRow } from '@chaopin/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline, PayCircleOutline } from 'antd-mobile-icons';
import { Link, useNavigate } from 'react-router';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { savingsQuery } from '../api.ts';
import '../member.css';

const { reachBottomDistance } = pageConfigFor(PATHS.saveMoney);

function SavingItem({ row }: { row: SavingRow }) {
  return (
    <Link
      className="mb-saving"
      to={`${PATHS.orderInfo}?orderNo=${encodeURIComponent(row.orderNo)}`}
      data-testid="saving-row"
    >
      <Img className="mb-saving__image" src={row.image} alt={row.title} />
      <div className="mb-saving__body">
        <div className="mb-saving__title text-clamp-2">{row.title}</div>
        <div className="mb-saving__no">订单号 {row.orderNo}</div>
        <div className="mb-saving__foot">
          <span className="mb-saving__list">原价 {formatPrice(row.listAmount)}</span>
          <span className="mb-saving__saved">省{formatPrice(row.saved)}</span>
        </div>
        <div className="mb-saving__time">{formatDateTime(row.paidAt)}</div>
      </div>
    </Link>
  );
}

/** 会员省钱明细: what membership took off each paid order, with the running total on top. */
export default function SaveMoneyPage() {
  const navigate = useNavigate();
  const query = useInfiniteQuery(savingsQuery());
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  // Every page carries the same totals (they cover all orders): the first is there first.
  const totals = query.data?.pages[0];

  return (
    <div className="mb-savings">
      <section className="mb-savings__head">
        <div className="mb-savings__label">会员累计为您节省（元）</div>
        <div className="mb-savings__total" data-testid="savings-total">
          {totals ? formatPrice(totals.totalSaved, false) : '--'}
        </div>
        <div className="mb-savings__count" data-testid="savings-count">
          共 {totals ? totals.orderCount : '--'} 笔订单享受会员价
        </div>
      </section>
      <ListStates
        query={query}
        isEmpty={rows.length === 0}
        errorIcon={<ExclamationCircleOutline />}
        empty={
          <EmptyState
            icon={<PayCircleOutline />}
            title="暂无省钱记录"
            description="开通会员，下单自动享受会员价"
          >
            <Button
              color="primary"
              shape="rounded"
              className="mb-savings__open"
              onClick={() => navigate(PATHS.membersPay)}
            >
              开通会员
            </Button>
          </EmptyState>
        }
      >
        <div className="mb-savings__list card">
          {rows.map((row) => (
            <SavingItem key={row.orderNo} row={row} />
          ))}
        </div>
        <InfiniteFooter
          hasMore={query.hasNextPage}
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          threshold={reachBottomDistance}
        />
      </ListStates>
    </div>
  );
}
