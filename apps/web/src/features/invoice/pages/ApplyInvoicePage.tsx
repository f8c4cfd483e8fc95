import { INVOICE_TITLE_TYPE_TEXT } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Selector } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatPrice } from '../../../core/format.ts';
import { sharedKeys } from '../../../core/sharedKeys.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import {
  dictionaryQuery,
  invoiceApi,
  invoiceKeys,
  invoiceOrderQuery,
  titlesQuery,
  useTitleChoice,
} from '../api.ts';
import '../invoice.css';

/** applyInvoice?orderNo=: pick a title and the content, see the amount, submit. */
export default function ApplyInvoicePage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const order = useQuery({ ...invoiceOrderQuery(orderNo), enabled: Boolean(orderNo) });
  const titles = useQuery(titlesQuery());
  const contents = useQuery(dictionaryQuery('invoice_content'));
  const choice = useTitleChoice((s) => s.choice);
  const [content, setContent] = useState('detail');
  const [titleId, setTitleId] = useState<number | null>(null);

  useEffect(() => {
    if (choice && choice.orderNo === orderNo) setTitleId(choice.titleId);
  }, [choice, orderNo]);

  const title =
    titles.data?.find((t) => t.id === titleId) ??
    (titleId === null ? titles.data?.find((t) => t.isDefault) : undefined);

  const apply = useMutation({
    mutationFn: () => {
      if (!title) throw new Error('no title');
      return invoiceApi.apply(orderNo, title.id, content);
    },
    onSuccess: (invoice) => {
      useTitleChoice.getState().choose(null);
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.allOrders });
      showSuccess('申请已提交');
      navigate(`${PATHS.invoiceDetail}?id=${invoice.id}`, { replace: true });
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '提交失败，请稍后重试'),
  });

  if (!orderNo || order.isError) {
    return <ErrorBlock status="empty" title="订单不存在" description="请返回订单列表重试" />;
  }
  if (!order.data || !titles.data) return <PageLoading />;
  const info = order.data;

  if (!info.canApply) {
    return (
      <div className="invoice-page">
        <ErrorBlock
          status="default"
          title={info.invoiceId ? '该订单已申请开票' : '暂不能申请开票'}
          description={
            info.invoiceId
              ? '可在我的发票中查看进度'
              : (info.reason ?? '订单确认收货后才能申请开票')
          }
        />
        {info.invoiceId && (
          <Button
            block
            shape="rounded"
            color="primary"
            onClick={() =>
              navigate(`${PATHS.invoiceDetail}?id=${info.invoiceId}`, { replace: true })
            }
          >
            查看发票
          </Button>
        )}
      </div>
    );
  }

  const pickTitle = () =>
    navigate(`${PATHS.invoiceTitles}?select=1&orderNo=${encodeURIComponent(orderNo)}`);

  return (
    <div className="invoice-page">
      <section className="card invoice-section">
        <h3>开票金额</h3>
        <div className="invoice-kv">
          <span>{info.storeName}</span>
          <span className="price" data-testid="invoice-amount">
            {formatPrice(info.amount)}
          </span>
        </div>
        <div className="invoice-kv">
          <span>订单编号</span>
          <span>{info.orderNo}</span>
        </div>
      </section>

      <section className="card">
        <button type="button" className="invoice-pick" onClick={pickTitle} data-testid="pick-title">
          <span>发票抬头</span>
          <span className="invoice-pick__value">
            {title ? `${INVOICE_TITLE_TYPE_TEXT[title.type]} · ${title.name}` : '请选择或新增抬头'}{' '}
            ›
          </span>
        </button>
        {title?.taxNo && (
          <div className="invoice-section" style={{ paddingTop: 0 }}>
            <div className="invoice-kv">
              <span>税号</span>
              <span>{title.taxNo}</span>
            </div>
          </div>
        )}
      </section>

      <section className="card invoice-section">
        <h3>发票内容</h3>
        <Selector
          columns={2}
          value={[content]}
          onChange={(v) => v[0] && setContent(v[0])}
          options={(contents.data?.items ?? [{ label: '商品明细', value: 'detail' }]).map((i) => ({
            label: i.label,
            value: i.value,
          }))}
        />
      </section>

      <div className="invoice-hint">
        发票类型为电子发票（普通发票），开票金额为订单实付金额，开具后可在“我的发票”中下载。
      </div>

      <div className="invoice-bar">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={apply.isPending}
          onClick={() => (title ? apply.mutate() : pickTitle())}
        >
          {title ? '提交申请' : '选择发票抬头'}
        </Button>
      </div>
    </div>
  );
}
