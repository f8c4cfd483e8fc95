import type { InvoiceSummary, InvoiceTab } from '@chaopin/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Tabs } from 'antd-mobile';
import { ExclamationCircleOutline, FileOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { invoicesQuery } from '../api.ts';
import '../invoice.css';

const TABS: { key: InvoiceTab; title: string }[] = [
  { key: 'all', title: '全部' },
  { key: 'applying', title: '申请中' },
  { key: 'issued', title: '已开具' },
];

/** 我的发票: tabs 全部/申请中/已开具; the page config gives it pull-to-refresh. */
export default function InvoiceListPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const wanted = params.get('status');
  const tab = TABS.find((t) => t.key === wanted)?.key ?? 'all';
  return (
    <div>
      <div className="invoice-tabs">
        <Tabs activeKey={tab} onChange={(key) => setParams({ status: key }, { replace: true })}>
          {TABS.map((t) => (
            <Tabs.Tab key={t.key} title={t.title} />
          ))}
        </Tabs>
      </div>
      <InvoiceFeed key={tab} tab={tab} />
      <div className="invoice-bar">
        <Button block shape="rounded" onClick={() => navigate(PATHS.invoiceTitles)}>
          发票抬头管理
        </Button>
      </div>
    </div>
  );
}

function InvoiceFeed({ tab }: { tab: InvoiceTab }) {
  const query = useInfiniteQuery(invoicesQuery(tab));
  const invoices = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <ListStates
      query={query}
      isEmpty={invoices.length === 0}
      errorIcon={<ExclamationCircleOutline />}
      empty={
        <EmptyState
          icon={<FileOutline />}
          title="暂无发票"
          description="订单确认收货后，可在订单详情中申请开票"
        />
      }
    >
      <div className="invoice-page">
        {invoices.map((invoice) => (
          <InvoiceCard key={invoice.id} invoice={invoice} />
        ))}
        <InfiniteFooter
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          hasMore={query.hasNextPage}
        />
      </div>
    </ListStates>
  );
}

function InvoiceCard({ invoice }: { invoice: InvoiceSummary }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="invoice-card"
      data-testid="invoice-card"
      onClick={() => navigate(`${PATHS.invoiceDetail}?id=${invoice.id}`)}
    >
      <div className="invoice-card__head">
        <span>{invoice.titleName}</span>
        <span
          className={`invoice-card__status${invoice.status === 'issued' ? ' is-issued' : ''}`}
          data-testid="invoice-status"
        >
          {invoice.statusText}
        </span>
      </div>
      <div className="invoice-card__row">
        <span>{invoice.storeName}</span>
        <span>{formatPrice(invoice.amount)}</span>
      </div>
      <div className="invoice-card__row">
        <span>申请时间</span>
        <span>{formatDateTime(invoice.appliedAt)}</span>
      </div>
    </button>
  );
}
