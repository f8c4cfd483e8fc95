import type { OrderSummary } from '@chaopin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { InvoiceButton } from '../../../ui/invoice/InvoiceButton.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { payPagePath } from '../../../ui/payLink.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { orderApi, orderKeys } from '../api.ts';

type Action = 'cancel' | 'delete' | 'confirm' | 'buyAgain';

const CONFIRM: Record<Exclude<Action, 'buyAgain'>, { content: string; ok: string }> = {
  cancel: { content: '确定取消该订单吗？', ok: '取消订单' },
  delete: { content: '删除后订单将无法恢复，确定删除吗？', ok: '删除' },
  confirm: { content: '请确认已收到商品', ok: '确认收货' },
};

/** The buttons an order offers in its state; used by the list cards and the detail page. */
export function OrderActions({
  order,
  onDeleted,
}: {
  order: OrderSummary;
  /** After a delete (the detail page leaves). */
  onDeleted?: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: async (action: Action) => {
      if (action === 'buyAgain') return orderApi.buyAgain(order.orderNo);
      if (action === 'cancel') await orderApi.cancel(order.orderNo);
      if (action === 'delete') await orderApi.remove(order.orderNo);
      if (action === 'confirm') await orderApi.confirm(order.orderNo);
      return null;
    },
    onSuccess: (result, action) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.allOrders });
      if (action === 'buyAgain') {
        void queryClient.invalidateQueries({ queryKey: ['cart'] });
        if (result && result.added.length === 0) return showToast('商品已失效，无法再次购买');
        if (result && result.skipped.length > 0) showToast('部分商品已失效，其余已加入购物车');
        return navigate(PATHS.cart);
      }
      showSuccess(
        { cancel: '订单已取消', delete: '订单已删除', confirm: '已确认收货' }[action] ?? '操作成功',
      );
      if (action === 'delete') onDeleted?.();
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '操作失败，请稍后重试'),
  });

  const act = async (action: Action) => {
    if (run.isPending) return;
    if (action !== 'buyAgain') {
      const { content, ok } = CONFIRM[action];
      if (!(await Dialog.confirm({ content, confirmText: ok, cancelText: '再想想' }))) return;
    }
    run.mutate(action);
  };

  const button = (label: string, onClick: () => void, primary = false) => (
    <Button
      key={label}
      size="small"
      shape="rounded"
      color={primary ? 'primary' : 'default'}
      fill={primary ? 'solid' : 'outline'}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {label}
    </Button>
  );

  const withOrder = (path: string) => `${path}?orderNo=${encodeURIComponent(order.orderNo)}`;
  const buttons: ReactNode[] = [];
  switch (order.status) {
    case 'unpaid':
      buttons.push(button('取消订单', () => act('cancel')));
      buttons.push(
        button(
          '去支付',
          () =>
            navigate(
              payPagePath({
                orderNo: order.orderNo,
                amount: order.payAmount,
                expiresAt: order.expiresAt,
                orders: [order.orderNo],
              }),
            ),
          true,
        ),
      );
      break;
    case 'unreceived':
      buttons.push(button('查看物流', () => navigate(withOrder(PATHS.logistics))));
      buttons.push(button('确认收货', () => act('confirm'), true));
      break;
    case 'unevaluated':
      buttons.push(button('查看物流', () => navigate(withOrder(PATHS.logistics))));
      buttons.push(button('再次购买', () => act('buyAgain')));
      buttons.push(button('评价', () => navigate(withOrder(PATHS.evaluate)), true));
      break;
    case 'finished':
    case 'cancelled':
      buttons.push(button('删除订单', () => act('delete')));
      buttons.push(button('再次购买', () => act('buyAgain'), true));
      break;
    default:
      break;
  }
  if (order.status === 'unevaluated' || order.status === 'finished')
    buttons.unshift(<InvoiceButton key="invoice" orderNo={order.orderNo} />);
  if (order.aftersale) {
    const refundNo = encodeURIComponent(order.aftersale.refundNo);
    buttons.unshift(
      button('查看退款', () => navigate(`${PATHS.refundDetail}?refundNo=${refundNo}`)),
    );
  }
  if (buttons.length === 0) return null;
  return <div className="order-actions">{buttons}</div>;
}
