import { INVOICE_TITLE_TYPE_TEXT, type InvoiceTitle } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Dialog } from 'antd-mobile';
import { ExclamationCircleOutline, FileOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import { invoiceApi, invoiceKeys, titlesQuery, useTitleChoice } from '../api.ts';
import '../invoice.css';
import { ListStates } from '../../../ui/ListStates.tsx';

/** Invoice titles; with ?select=1&orderNo= (from applyInvoice) tapping a title chooses it. */
export default function InvoiceTitleListPage() {
  const [params] = useSearchParams();
  const selecting = params.get('select') === '1';
  const orderNo = params.get('orderNo') ?? '';
  const navigate = useNavigate();
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const query = useQuery(titlesQuery());
  const choose = useTitleChoice((s) => s.choose);

  const refresh = () => queryClient.invalidateQueries({ queryKey: invoiceKeys.titles });
  const onError = (error: Error) => showToast(isApiError(error) ? error.msg : '操作失败');
  const makeDefault = useMutation({
    mutationFn: (id: number) => invoiceApi.setDefaultTitle(id),
    onSuccess: () => {
      void refresh();
      showToast('已设为默认抬头');
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => invoiceApi.removeTitle(id),
    onSuccess: () => {
      void refresh();
      showToast('删除成功');
    },
    onError,
  });

  const pick = (title: InvoiceTitle) => {
    if (!selecting) return;
    choose({ orderNo, titleId: title.id });
    goBack(`${PATHS.applyInvoice}?orderNo=${encodeURIComponent(orderNo)}`);
  };
  const confirmDelete = async (title: InvoiceTitle) => {
    const ok = await Dialog.confirm({
      content: '确定删除该发票抬头吗？',
      confirmText: '删除',
      cancelText: '取消',
    });
    if (ok) remove.mutate(title.id);
  };

  const rows = query.data ?? [];
  const body = (
    <ListStates
      query={query}
      isEmpty={rows.length === 0}
      loading={<PageLoading />}
      errorIcon={<ExclamationCircleOutline />}
      empty={<EmptyState icon={<FileOutline />} title="还没有发票抬头" description="添加一个吧" />}
    >
      {rows.map((title) => (
        <article
          key={title.id}
          className="card invoice-title-card"
          data-testid="invoice-title-card"
        >
          <button type="button" className="invoice-title-card__main" onClick={() => pick(title)}>
            <div className="invoice-title-card__name">
              <span className="invoice-title-card__type">
                {INVOICE_TITLE_TYPE_TEXT[title.type]}
              </span>
              <span>{title.name}</span>
              {title.isDefault && <span className="invoice-title-card__tag">默认</span>}
            </div>
            {title.taxNo && <div className="invoice-title-card__sub">税号：{title.taxNo}</div>}
          </button>
          <div className="invoice-title-card__ops">
            <Checkbox
              checked={title.isDefault}
              onChange={() => !title.isDefault && makeDefault.mutate(title.id)}
            >
              {title.isDefault ? '默认抬头' : '设为默认'}
            </Checkbox>
            <button type="button" onClick={() => navigate(`${PATHS.invoiceTitle}?id=${title.id}`)}>
              编辑
            </button>
            <button type="button" onClick={() => confirmDelete(title)}>
              删除
            </button>
          </div>
        </article>
      ))}
    </ListStates>
  );

  return (
    <div className="invoice-page">
      {selecting && <div className="invoice-hint">请选择本次开票使用的抬头</div>}
      {body}
      <div className="invoice-bar">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          onClick={() => navigate(PATHS.invoiceTitle)}
        >
          新增发票抬头
        </Button>
      </div>
    </div>
  );
}
