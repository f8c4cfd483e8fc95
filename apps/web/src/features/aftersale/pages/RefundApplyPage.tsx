import {
  REFUND_DESC_MAX,
  REFUND_IMAGES_MAX,
  REFUND_TYPE_TEXT,
  type RefundMoneyData,
  type RefundType,
} from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  ErrorBlock,
  ImageUploader,
  type ImageUploadItem,
  Input,
  Radio,
  Selector,
  Space,
  TextArea,
} from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { uploadApi } from '../../../core/api/upload.ts';
import { formatPrice } from '../../../core/format.ts';
import { OrderLines } from '../../../ui/order/OrderLines.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import '../../../ui/order/order.css';
import { afterRefundChange, aftersaleApi, refundQuoteQuery, yuanToFen } from '../api.ts';
import '../../../ui/aftersale/aftersale.css';

/** 申请售后: one order line, 仅退款 or 退货退款, reason, amount up to what is refundable, proof. */
export default function RefundApplyPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const skuId = Number(params.get('skuId'));
  const valid = Boolean(orderNo) && Number.isInteger(skuId) && skuId > 0;
  // Once the request is in, the quote is never asked again: the server would answer 409 (a
  // request is open), and this page stays mounted while the detail page's chunk loads.
  const [submitted, setSubmitted] = useState(false);
  const quote = useQuery({ ...refundQuoteQuery(orderNo, skuId), enabled: valid && !submitted });

  if (!valid || quote.isError) {
    return (
      <ErrorBlock
        status="empty"
        title="无法申请售后"
        description={isApiError(quote.error) ? quote.error.msg : '订单或商品不存在'}
      />
    );
  }
  if (!quote.data) return <PageLoading />;
  return <ApplyForm quote={quote.data} onSubmitted={() => setSubmitted(true)} />;
}

function ApplyForm({ quote, onSubmitted }: { quote: RefundMoneyData; onSubmitted: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [type, setType] = useState<RefundType>(quote.types[0] ?? 'refund');
  const [reason, setReason] = useState<string>('');
  const [amountText, setAmountText] = useState(formatPrice(quote.maxAmount, false));
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);

  const submit = useMutation({
    meta: { toast: false },
    mutationFn: () => {
      const amount = quote.fullRequired ? quote.maxAmount : yuanToFen(amountText);
      if (!reason) throw new Error('请选择退款原因');
      if (amount === null || amount <= 0) throw new Error('请输入正确的退款金额');
      if (amount > quote.maxAmount) {
        throw new Error(`退款金额不能超过${formatPrice(quote.maxAmount)}`);
      }
      return aftersaleApi.apply({
        orderNo: quote.orderNo,
        skuId: quote.skuId,
        type,
        reason,
        amount,
        description: description.trim() || undefined,
        images: images.map((i) => i.url),
      });
    },
    onSuccess: ({ refundNo }) => {
      onSubmitted();
      navigate(`${PATHS.refundDetail}?refundNo=${encodeURIComponent(refundNo)}`, {
        replace: true,
      });
      afterRefundChange(queryClient);
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : error.message),
  });

  return (
    <div className="as-page">
      <section className="card as-card">
        <OrderLines link={false} items={[{ ...quote, productId: 0 }]} />
      </section>

      <section className="card as-card">
        <h3 className="as-card__title">售后类型</h3>
        <Radio.Group value={type} onChange={(v) => setType(v as RefundType)}>
          <Space direction="vertical" block>
            {(['refund', 'return'] as const).map((t) => (
              <Radio key={t} value={t} disabled={!quote.types.includes(t)}>
                {REFUND_TYPE_TEXT[t]}
                <span className="as-muted">
                  {t === 'refund'
                    ? '（未收到货，或与商家协商不退货）'
                    : '（已收到货，需要退回商品）'}
                </span>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {!quote.types.includes('return') && (
          <div className="as-hint">商品尚未发货，仅支持仅退款</div>
        )}
      </section>

      <section className="card as-card">
        <h3 className="as-card__title">退款原因</h3>
        <Selector
          columns={2}
          options={quote.reasons.map((r) => ({ label: r, value: r }))}
          value={reason ? [reason] : []}
          onChange={(v) => setReason(v[0] ?? '')}
        />
      </section>

      <section className="card as-card">
        <h3 className="as-card__title">退款金额</h3>
        <div className="as-amount">
          <span>¥</span>
          <Input
            aria-label="退款金额"
            inputMode="decimal"
            value={amountText}
            disabled={quote.fullRequired}
            onChange={setAmountText}
          />
        </div>
        <div className="as-hint">
          最多可退 {formatPrice(quote.maxAmount)}
          {quote.shippingIncluded > 0 && `（含运费${formatPrice(quote.shippingIncluded)}）`}
          {quote.refunded > 0 && `，已退 ${formatPrice(quote.refunded)}`}
          {quote.fullRequired && '，未发货商品须全额退款'}
        </div>
        <div className="as-hint">{quote.refundToText}</div>
      </section>

      <section className="card as-card">
        <h3 className="as-card__title">问题描述</h3>
        <TextArea
          placeholder="请描述遇到的问题（选填）"
          maxLength={REFUND_DESC_MAX}
          showCount
          rows={3}
          value={description}
          onChange={setDescription}
        />
        <h3 className="as-card__title">上传凭证（最多{REFUND_IMAGES_MAX}张）</h3>
        <ImageUploader
          value={images}
          onChange={setImages}
          maxCount={REFUND_IMAGES_MAX}
          upload={async (file) => ({ url: await uploadApi.image(file, file.name) })}
        />
      </section>

      <div className="as-bar">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={submit.isPending}
          onClick={() => submit.mutate()}
        >
          提交申请
        </Button>
      </div>
    </div>
  );
}
