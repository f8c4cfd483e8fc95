import { INVOICE_TITLE_TYPE_TEXT } from '@chaopin/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { invoiceApi, invoiceQuery } from '../api.ts';
import '../invoice.css';

/** Saves a Blob under `filename` through a temporary link (works in browsers and web views). */
function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const Row = ({ label, value }: { label: string; value: string }) => (
  <div className="invoice-kv">
    <span>{label}</span>
    <span>{value}</span>
  </div>
);

export default function InvoiceDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const navigate = useNavigate();
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...invoiceQuery(id), enabled: valid });
  const download = useMutation({
    mutationFn: async () => {
      const invoice = query.data;
      if (!invoice?.downloadUrl) throw new Error('not issued');
      saveBlob(await invoiceApi.pdf(invoice.downloadUrl), `发票-${invoice.invoiceNo}.pdf`);
    },
    onSuccess: () => showSuccess('发票已下载'),
    onError: (error) => showToast(isApiError(error) ? error.msg : '下载失败，请稍后重试'),
  });

  if (!valid || query.isError) {
    return <ErrorBlock status="empty" title="发票不存在" description="请返回发票列表重试" />;
  }
  const invoice = query.data;
  if (!invoice) return <PageLoading />;
  const issued = invoice.status === 'issued';

  return (
    <div className="invoice-page">
      <section className="card invoice-hero">
        <div
          className={`invoice-hero__status${issued ? ' is-issued' : ''}`}
          data-testid="invoice-detail-status"
        >
          {invoice.statusText}
        </div>
        <div className="invoice-hero__amount">
          发票金额 <span className="price">{formatPrice(invoice.amount)}</span>
        </div>
      </section>

      <section className="card invoice-section">
        <h3>发票信息</h3>
        <Row label="发票类型" value="电子发票（普通发票）" />
        {invoice.invoiceNo && <Row label="发票号码" value={invoice.invoiceNo} />}
        <Row label="抬头类型" value={INVOICE_TITLE_TYPE_TEXT[invoice.titleType]} />
        <Row label="发票抬头" value={invoice.titleName} />
        {invoice.taxNo && <Row label="税号" value={invoice.taxNo} />}
        <Row label="发票内容" value={invoice.content} />
        {invoice.email && <Row label="收票邮箱" value={invoice.email} />}
        <Row label="申请时间" value={formatDateTime(invoice.appliedAt)} />
        {invoice.issuedAt && <Row label="开票时间" value={formatDateTime(invoice.issuedAt)} />}
      </section>

      <section className="card invoice-section">
        <h3>订单信息</h3>
        <Row label="店铺" value={invoice.storeName} />
        <button
          type="button"
          className="invoice-pick"
          style={{ padding: '6px 0' }}
          onClick={() =>
            navigate(`${PATHS.orderInfo}?orderNo=${encodeURIComponent(invoice.orderNo)}`)
          }
        >
          <span style={{ color: '#666', fontSize: 13 }}>订单编号</span>
          <span className="invoice-pick__value">{invoice.orderNo} ›</span>
        </button>
        {invoice.items.map((item) => (
          <Row
            key={`${item.title}-${item.skuName}`}
            label={`${item.title}${item.skuName ? `（${item.skuName}）` : ''} ×${item.quantity}`}
            value={formatPrice(item.amount)}
          />
        ))}
      </section>

      {!issued && <div className="invoice-hint">发票开具中，开具后可在此下载电子发票。</div>}

      {issued && (
        <div className="invoice-bar">
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            loading={download.isPending}
            onClick={() => download.mutate()}
          >
            下载发票
          </Button>
        </div>
      )}
    </div>
  );
}
