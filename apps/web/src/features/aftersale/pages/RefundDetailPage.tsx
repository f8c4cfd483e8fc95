import type { RefundDetail } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, ErrorBlock, Input, Steps } from 'antd-mobile';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { OrderLines } from '../../../ui/order/OrderLines.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { ThumbGrid } from '../../../ui/ThumbGrid.tsx';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import '../../../ui/order/order.css';
import { afterRefundChange, aftersaleApi, aftersaleKeys, refundDetailQuery } from '../api.ts';
import '../../../ui/aftersale/aftersale.css';

const HINT: Record<string, string> = {
  pending: '您的申请已提交，请等待商家处理',
  approved: '商家已同意退货，请尽快寄回商品并填写退货物流',
  returning: '商品寄回中，商家确认收货后将为您退款',
  refunding: '商家已同意退款，款项正在原路退回',
  refunded: '退款已完成',
  rejected: '商家驳回了您的申请，如有疑问请联系商家',
  cancelled: '您已撤销本次售后申请',
};

/** 售后详情: status, amount, where the money goes, every step, and the buyer's next action. */
export default function RefundDetailPage() {
  const [params] = useSearchParams();
  const refundNo = params.get('refundNo') ?? '';
  const query = useQuery({ ...refundDetailQuery(refundNo), enabled: Boolean(refundNo) });
  if (!refundNo || query.isError) {
    return (
      <ErrorBlock
        status="empty"
        title="售后单不存在"
        description={isApiError(query.error) ? query.error.msg : '请返回订单详情'}
      />
    );
  }
  if (!query.data) return <PageLoading />;
  return <Detail refund={query.data} />;
}

function Detail({ refund }: { refund: RefundDetail }) {
  const queryClient = useQueryClient();
  const refresh = (detail?: RefundDetail) => {
    if (detail) queryClient.setQueryData(aftersaleKeys.detail(refund.refundNo), detail);
    afterRefundChange(queryClient);
  };
  const cancel = useMutation({
    meta: { toast: false },
    mutationFn: async () => {
      await aftersaleApi.cancel(refund.refundNo);
      return aftersaleApi.detail(refund.refundNo);
    },
    onSuccess: (detail) => {
      refresh(detail);
      showSuccess('已撤销申请');
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '撤销失败，请稍后重试'),
  });
  const refunded = refund.status === 'refunded';

  return (
    <div className="as-page">
      <section className="as-status">
        <div className="as-status__text" data-testid="refund-status">
          {refund.statusText}
        </div>
        <div className="as-status__hint">{HINT[refund.status] ?? ''}</div>
      </section>

      <section className="card as-card">
        <div className="as-row">
          <span>{refunded ? '退款金额' : '申请退款'}</span>
          <span className="as-money" data-testid="refund-amount">
            {formatPrice(refund.amount)}
          </span>
        </div>
        <div className="as-row">
          <span>退款去向</span>
          <span>{refund.refundToText}</span>
        </div>
        {refund.rejectReason && (
          <div className="as-row">
            <span>驳回原因</span>
            <span className="as-reject">{refund.rejectReason}</span>
          </div>
        )}
      </section>

      {refund.canReturn && <ReturnForm refundNo={refund.refundNo} onDone={refresh} />}

      <section className="card as-card">
        <h3 className="as-card__title">售后进度</h3>
        <Steps direction="vertical" current={refund.timeline.length - 1}>
          {[...refund.timeline].reverse().map((step, i) => (
            <Steps.Step
              key={`${step.status}-${step.time}`}
              title={step.text}
              description={formatDateTime(step.time)}
              status={i === 0 ? 'process' : 'finish'}
            />
          ))}
        </Steps>
      </section>

      <section className="card as-card">
        <OrderLines link={false} items={[{ ...refund, productId: 0 }]} />
        <div className="as-meta">
          <div>
            <span>售后类型</span>
            <span>{refund.typeText}</span>
          </div>
          <div>
            <span>退款原因</span>
            <span>{refund.reason}</span>
          </div>
          {refund.description && (
            <div>
              <span>问题描述</span>
              <span>{refund.description}</span>
            </div>
          )}
          {refund.returnTrackingNo && (
            <div>
              <span>退货物流</span>
              <span data-testid="return-tracking">
                {refund.returnCarrier} {refund.returnTrackingNo}
              </span>
            </div>
          )}
          <div>
            <span>售后编号</span>
            <span>{refund.refundNo}</span>
          </div>
          <div>
            <span>申请时间</span>
            <span>{formatDateTime(refund.createdAt)}</span>
          </div>
          <div>
            <span>订单编号</span>
            <Link to={`${PATHS.orderInfo}?orderNo=${encodeURIComponent(refund.orderNo)}`}>
              {refund.orderNo}
            </Link>
          </div>
        </div>
        <ThumbGrid className="as-images" images={refund.images} />
      </section>

      {refund.canCancel && (
        <div className="as-bar">
          <Button
            block
            shape="rounded"
            size="large"
            loading={cancel.isPending}
            onClick={async () => {
              if (await Dialog.confirm({ content: '确定撤销本次售后申请吗？' })) cancel.mutate();
            }}
          >
            撤销申请
          </Button>
        </div>
      )}
    </div>
  );
}

function ReturnForm({
  refundNo,
  onDone,
}: {
  refundNo: string;
  onDone: (detail: RefundDetail) => void;
}) {
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const send = useMutation({
    meta: { toast: false },
    mutationFn: async () => {
      if (!carrier.trim()) throw new Error('请填写物流公司');
      if (!/^[A-Za-z0-9-]{4,40}$/.test(trackingNo.trim())) throw new Error('请填写正确的运单号');
      await aftersaleApi.sendBack(refundNo, carrier.trim(), trackingNo.trim());
      return aftersaleApi.detail(refundNo);
    },
    onSuccess: (detail) => {
      onDone(detail);
      showSuccess('已提交退货物流');
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : error.message),
  });
  return (
    <section className="card as-card" data-testid="return-form">
      <h3 className="as-card__title">填写退货物流</h3>
      <div className="as-field">
        <span>物流公司</span>
        <Input
          aria-label="物流公司"
          placeholder="如：顺丰速运"
          value={carrier}
          onChange={setCarrier}
        />
      </div>
      <div className="as-field">
        <span>运单号</span>
        <Input
          aria-label="运单号"
          placeholder="请输入运单号"
          value={trackingNo}
          onChange={setTrackingNo}
        />
      </div>
      <Button
        block
        color="primary"
        shape="rounded"
        loading={send.isPending}
        onClick={() => send.mutate()}
      >
        提交退货物流
      </Button>
    </section>
  );
}
