import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { sharedKeys } from '../../../core/sharedKeys.ts';
import { orderQuery } from '../../../ui/order/orderApi.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { goodsKeys } from '../../../ui/product/productApi.ts';
import { showToast } from '../../../ui/toast.ts';
import { evaluationApi } from '../api.ts';
import {
  emptyDraft,
  type ItemDraft,
  ItemEvaluationForm,
} from '../components/ItemEvaluationForm.tsx';
import '../evaluation.css';

/** parityDetail: evaluate each not yet evaluated line of a received order. */
export default function EvaluatePage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ ...orderQuery(orderNo), enabled: Boolean(orderNo) });
  const [drafts, setDrafts] = useState<Record<number, ItemDraft>>({});
  const [anonymous, setAnonymous] = useState(false);
  const order = query.data;
  const pending = (order?.items ?? []).filter((i) => i.itemId && !i.evaluated);

  const submit = useMutation({
    // One request per line; a line that went through stays evaluated if a later one fails.
    mutationFn: async () => {
      for (const item of pending) {
        const d = drafts[item.itemId as number] ?? emptyDraft();
        await evaluationApi.release({
          orderNo,
          itemId: item.itemId as number,
          stars: d.stars,
          content: d.content.trim(),
          images: d.images.map((i) => i.url),
          anonymous,
        });
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sharedKeys.allOrders });
      for (const item of pending) {
        void queryClient.invalidateQueries({ queryKey: goodsKeys.product(item.productId) });
        void queryClient.invalidateQueries({ queryKey: goodsKeys.evaluations(item.productId) });
      }
    },
    onSuccess: () =>
      navigate(`${PATHS.evaluateSuccess}?orderNo=${encodeURIComponent(orderNo)}`, {
        replace: true,
      }),
    onError: (error) => showToast(isApiError(error) ? error.msg : '提交失败，请稍后重试'),
  });

  if (!orderNo || query.isError) {
    return <ErrorBlock status="empty" title="订单不存在" description="请返回订单列表" />;
  }
  if (!order) return <PageLoading />;
  if (order.status !== 'unevaluated' || pending.length === 0) {
    const done = order.status === 'finished' || pending.length === 0;
    return (
      <ErrorBlock
        status="empty"
        title={done ? '该订单已评价' : '确认收货后才能评价'}
        description={done ? '感谢您的评价' : '请返回订单详情'}
      />
    );
  }

  const change = (itemId: number, patch: Partial<ItemDraft>) =>
    setDrafts((all) => ({ ...all, [itemId]: { ...(all[itemId] ?? emptyDraft()), ...patch } }));
  const send = () => {
    if (submit.isPending) return;
    if (pending.some((i) => drafts[i.itemId as number]?.uploading)) {
      return showToast('图片上传中，请稍候');
    }
    submit.mutate();
  };

  return (
    <div className="evaluate">
      {pending.map((item) => (
        <ItemEvaluationForm
          key={item.itemId}
          item={item}
          draft={drafts[item.itemId as number] ?? emptyDraft()}
          onChange={(patch) => change(item.itemId as number, patch)}
        />
      ))}
      <footer className="evaluate__bar">
        <Checkbox checked={anonymous} onChange={setAnonymous}>
          匿名评价
        </Checkbox>
        <Button color="primary" shape="rounded" loading={submit.isPending} onClick={send}>
          提交评价
        </Button>
      </footer>
    </div>
  );
}
