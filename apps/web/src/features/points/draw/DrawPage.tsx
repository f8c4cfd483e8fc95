import type { DrawResultView } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { newClientKey } from '../../../core/checkout.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { drawApi, refreshDraw, wheelQuery } from './api.ts';
import { DrawRecords } from './DrawRecords.tsx';
import { DrawResultDialog } from './DrawResultDialog.tsx';
import { DrawWheel } from './DrawWheel.tsx';
import { landingIndex, landingRotation, SPIN_MS, spinCostText } from './wheel-math.ts';
import './draw.css';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';

/** ?id= as a positive integer, else null (the wheel running now). */
function idParam(params: URLSearchParams): number | null {
  const n = Number(params.get('id'));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * 幸运抽奖 (rootPages/integral/draw): the wheel, the 抽奖 button (a free spin of today, an earned
 * chance, else points — the server decides and draws), the turn onto the won slot, the result,
 * 我的中奖记录 and the rules.
 */
export default function DrawPage() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const queryClient = useQueryClient();
  const wheel = useQuery(wheelQuery(id));
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [shown, setShown] = useState<DrawResultView | null>(null);
  // One key per spin: a retry after a lost answer gets the same spin, not a second one.
  const key = useRef(newClientKey());
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const spin = useMutation({
    mutationFn: (wheelId: number) => drawApi.spin(wheelId, key.current),
    onSuccess: (data) => {
      key.current = newClientKey();
      const prizes = wheel.data?.prizes ?? [];
      const index = landingIndex(prizes, data.result);
      setSpinning(true);
      setRotation((r) => landingRotation(r, index, Math.max(1, prizes.length)));
      queryClient.setQueryData(wheelQuery(id).queryKey, (old) =>
        old
          ? { ...old, freeLeft: data.freeLeft, chances: data.chances, balance: data.balance }
          : old,
      );
      timer.current = window.setTimeout(() => {
        setSpinning(false);
        setShown(data.result);
        void refreshDraw(queryClient);
      }, SPIN_MS + 100);
    },
    onError: (error) => {
      // A refusal (no spins left, closed) was not a spin: the next tap is a new one.
      if (isApiError(error)) key.current = newClientKey();
    },
  });

  if (!wheel.data) {
    if (isApiError(wheel.error) && wheel.error.code === 404) {
      return <EmptyState title="暂无抽奖活动" description="敬请期待下一期幸运抽奖" />;
    }
    if (wheel.isError) {
      return <LoadFailed onRetry={() => void wheel.refetch()} />;
    }
    return <PageLoading />;
  }
  const w = wheel.data;
  const busy = spinning || spin.isPending;
  const rules = w.rules
    ? w.rules.split('\n').filter(Boolean)
    : [
        `每天可免费抽奖 ${w.freePerDay} 次${w.orderChances > 0 ? `，每日首笔订单支付成功再得 ${w.orderChances} 次抽奖机会` : ''}。`,
        w.pointsCost > 0 ? `次数用完后每次消耗 ${w.pointsCost} 积分。` : '次数用完后请明天再来。',
        '奖品数量有限，抽完即止；实物奖品请在中奖记录中填写地址领取。',
      ];

  return (
    <div className="dr-page">
      <header className="dr-head">
        <h2 data-testid="draw-title">{w.title}</h2>
        <p data-testid="draw-status">
          今日免费 <em>{w.freeLeft}</em> 次 · 抽奖机会 <em>{w.chances}</em> 次 · 积分{' '}
          <em data-testid="draw-balance">{w.balance}</em>
        </p>
      </header>

      <DrawWheel
        prizes={w.prizes}
        rotation={rotation}
        spinning={spinning}
        button={
          <button
            type="button"
            className="dr-spin"
            data-testid="draw-spin"
            disabled={busy || !w.open}
            onClick={() => spin.mutate(w.id)}
          >
            <strong>{w.open ? '抽奖' : '未开放'}</strong>
            <small>{w.open ? spinCostText(w) : ''}</small>
          </button>
        }
      />

      <DrawRecords />

      <section className="dr-card" aria-label="活动规则">
        <h3>活动规则</h3>
        <ol className="dr-rules">
          {rules.map((line) => (
            <li key={line}>{line.replace(/^\d+\.\s*/, '')}</li>
          ))}
        </ol>
      </section>

      <DrawResultDialog result={shown} onClose={() => setShown(null)} />
    </div>
  );
}
