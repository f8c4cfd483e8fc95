import {
  formatRedeemCode,
  normalizeRedeemCode,
  type RedeemPreview,
  type Redemption,
} from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, Empty, Input } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { create } from 'zustand';
import { isApiError } from '../../../core/api/client.ts';
import { newClientKey } from '../../../core/checkout.ts';
import { formatDateTime } from '../../../core/format.ts';
import { nextPage } from '../../../core/queries.ts';
import { sharedKeys } from '../../../core/sharedKeys.ts';
import { DealConfirm, dealOrderPath, useClearOnLeave } from '../../../ui/redeem/DealConfirm.tsx';
import { showToast } from '../../../ui/toast.ts';
import { redeemApi } from '../api.ts';
import '../../../ui/redeem/redeem.css';

/**
 * A product code waiting for its address: kept outside the page so that it survives the trip to
 * the address list (the page remounts on return). One client key per code shown, so a resubmit
 * after a lost answer places one order.
 */
const usePending = create<{
  pending: { code: string; preview: RedeemPreview; clientKey: string } | null;
  set: (p: { code: string; preview: RedeemPreview } | null) => void;
  clear: () => void;
}>()((set) => ({
  pending: null,
  set: (p) => set({ pending: p ? { ...p, clientKey: newClientKey() } : null }),
  clear: () => set({ pending: null }),
}));

const HISTORY_PAGE_SIZE = 20;
/** Answers that stay on the page under the input: the tries left, then the wait. */
const WARNINGS = new Set(['REDEEM_CODE_INVALID_LEFT', 'REDEEM_TOO_MANY']);

/** The server's own words on how many tries are left (or how long to wait), else null. */
function warningOf(error: unknown): string | null {
  return isApiError(error) && WARNINGS.has(error.errorId) ? error.msg : null;
}
const historyKey = ['redeem', 'history'] as const;

const USE_TEXT: Record<Redemption['kind'], string> = {
  coupon: '去使用',
  redpacket: '去拆红包',
  points: '查看积分',
  product: '查看订单',
};

/**
 * 兑换码兑换: a code typed or pasted (grouped XXXX-XXXX-XXXX-XXXX as it is typed, any case), 立即兑换,
 * what it gave with a link to use it, and my redemptions.
 */
export default function RedeemCodePage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [result, setResult] = useState<Redemption | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const { pending, set: setPending } = usePending();
  useClearOnLeave(usePending.getState().clear);
  const history = useInfiniteQuery({
    queryKey: historyKey,
    queryFn: ({ pageParam }) => redeemApi.history(pageParam, HISTORY_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
  const redeem = useMutation({
    mutationFn: (v: { code: string; product?: { addressId: number; clientKey: string } }) =>
      redeemApi.redeem(v.code, v.product),
    onError: (error) => setWarning(warningOf(error)),
    onSuccess: (r) => {
      setWarning(null);
      setCode('');
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: historyKey });
      void queryClient.invalidateQueries({ queryKey: ['points'] });
      void queryClient.invalidateQueries({ queryKey: ['coupon'] });
      if (r.order) {
        void queryClient.invalidateQueries({ queryKey: sharedKeys.allOrders });
        navigate(dealOrderPath(r.order));
        return;
      }
      setResult(r);
    },
  });
  // A product code asks for the address first; any other kind is redeemed at once.
  const preview = useMutation({
    mutationFn: (c: string) => redeemApi.preview(c),
    onError: (error) => setWarning(warningOf(error)),
    onSuccess: (p, c) => {
      setWarning(null);
      setResult(null);
      if (p.kind === 'product') setPending({ code: c, preview: p });
      else redeem.mutate({ code: c });
    },
  });
  const submit = () => {
    if (!normalizeRedeemCode(code)) {
      showToast('请输入16位兑换码');
      return;
    }
    preview.mutate(code);
  };
  const product = pending?.preview.product;
  const rows = history.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <div className="rd-page">
      <section className="rd-card">
        <h3>输入兑换码</h3>
        <Input
          className="rd-input"
          data-testid="redeem-input"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          value={code}
          maxLength={19}
          clearable
          autoComplete="off"
          onChange={(v) => setCode(formatRedeemCode(v))}
          onEnterPress={submit}
        />
        <p className="rd-hint">兑换码为16位字母和数字，不区分大小写；每个兑换码仅可使用一次</p>
        {warning && (
          <p className="rd-warning" role="alert" data-testid="redeem-warning">
            {warning}
          </p>
        )}
        <Button
          block
          color="primary"
          shape="rounded"
          data-testid="redeem-submit"
          loading={preview.isPending || (redeem.isPending && !pending)}
          disabled={!code}
          onClick={submit}
        >
          立即兑换
        </Button>
      </section>

      {pending && product && (
        <section className="rd-card" data-testid="redeem-product">
          <h3>
            兑换商品{pending.preview.again ? '（上次订单已取消，可重新下单）' : ''}
            <button type="button" className="rd-cancel" onClick={() => setPending(null)}>
              取消
            </button>
          </h3>
          {!product.inStock && <p className="rd-hint">该商品暂时缺货，请稍后再试</p>}
          <DealConfirm
            goods={product}
            confirmText="确认兑换并下单"
            pending={redeem.isPending}
            onConfirm={(addressId) =>
              redeem.mutate({
                code: pending.code,
                product: { addressId, clientKey: pending.clientKey },
              })
            }
          />
        </section>
      )}

      {result && (
        <section className="rd-card rd-result" data-testid="redeem-result">
          <div>兑换成功，您获得了</div>
          <strong>{result.title}</strong>
          <Link to={result.link} data-testid="redeem-use">
            <Button size="small" shape="rounded" color="primary" fill="outline">
              {USE_TEXT[result.kind]}
            </Button>
          </Link>
        </section>
      )}

      <section className="rd-card" aria-label="兑换记录">
        <h3>兑换记录</h3>
        {history.isPending ? (
          <DotLoading />
        ) : rows.length === 0 ? (
          <Empty description="暂无兑换记录" />
        ) : (
          rows.map((r) => (
            <div className="rd-row" key={r.id} data-testid="redeem-row">
              <div>
                {r.title}
                <small>
                  {r.batchName} · 尾号{r.codeTail} · {formatDateTime(r.redeemedAt)}
                </small>
              </div>
              <Link to={r.link}>{USE_TEXT[r.kind]}</Link>
            </div>
          ))
        )}
        {history.hasNextPage && (
          <Button
            block
            fill="none"
            size="small"
            loading={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            加载更多
          </Button>
        )}
      </section>
    </div>
  );
}
