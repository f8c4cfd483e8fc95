import { INVOICE_TITLE_NAME_MAX, type InvoiceTitle } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { type InvoiceTitleInput, invoiceApi, invoiceKeys, titleQuery } from '../api.ts';
import { InvoiceTitleForm } from '../components/InvoiceTitleForm.tsx';
import '../invoice.css';

/** Adds a title, or edits the one in ?id=. */
export default function InvoiceTitlePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const editing = Number.isInteger(id) && id > 0;
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const query = useQuery({ ...titleQuery(id), enabled: editing });
  const save = useMutation({
    mutationFn: (input: InvoiceTitleInput) =>
      invoiceApi.saveTitle(editing ? { ...input, id } : input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.titles });
      showSuccess('保存成功');
      goBack(PATHS.invoiceTitles);
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '保存失败，请稍后重试'),
  });

  if (editing && query.isError) {
    return <ErrorBlock status="empty" title="发票抬头不存在" description="请返回列表重试" />;
  }
  if (editing && !query.data) return <PageLoading />;
  const initial: InvoiceTitle | undefined = query.data;
  return (
    <InvoiceTitleForm
      initial={initial}
      busy={save.isPending}
      nameMax={INVOICE_TITLE_NAME_MAX}
      onSubmit={(input) => save.mutate(input)}
    />
  );
}
