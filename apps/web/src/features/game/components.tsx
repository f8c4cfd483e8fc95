import type { GameRoundView } from '@chaopin/contracts';
import { ErrorBlock } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { formatPrice } from '../../core/format.ts';
import { Img } from '../../ui/Img.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { Price } from '../../ui/Price.tsx';
import { formatLeft } from './api.ts';

/** Loading, failed (with retry) or gone: what a page shows before its data. */
/** A round's entry fee: points, cash from the wallet, both, or nothing. */
export function entryFeeText(round: Pick<GameRoundView, 'entryPoints' | 'entryCash'>): string {
  const parts = [
    round.entryPoints > 0 ? `${round.entryPoints}积分` : '',
    (round.entryCash ?? 0) > 0 ? formatPrice(round.entryCash) : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' + ') : '免费';
}

export function LoadState({
  isError,
  refetch,
  goneTitle = '竞猜活动不存在',
  gone,
}: {
  isError: boolean;
  refetch: () => unknown;
  goneTitle?: string;
  gone?: boolean;
}) {
  if (gone) return <ErrorBlock status="empty" title={goneTitle} description="去看看其他竞猜吧" />;
  if (!isError) return <PageLoading />;
  return <LoadFailed onRetry={() => void refetch()} />;
}

/** Time left until `at`, corrected by the server's clock offset; calls onReached once at zero. */
export function Countdown({
  at,
  offsetMs,
  onReached,
}: {
  at: string;
  offsetMs: number;
  onReached?: () => void;
}) {
  const target = new Date(at).getTime();
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offsetMs), 1000);
    return () => clearInterval(timer);
  }, [offsetMs]);
  const left = target - now;
  const reached = left <= 0;
  useEffect(() => {
    if (reached) onReached?.();
  }, [reached, onReached]);
  return (
    <span className="gm-countdown" data-testid="game-countdown">
      {reached ? '已截止' : `距截止 ${formatLeft(left)}`}
    </span>
  );
}

/** The product of a round, with the price to guess hidden or shown. */
export function RoundCard({ round }: { round: GameRoundView }) {
  return (
    <div className="gm-card__goods">
      <Img className="gm-card__image" src={round.image} alt={round.title} />
      <div className="gm-card__body">
        <div className="text-clamp-2 gm-card__title">{round.title}</div>
        {round.skuName && <div className="gm-card__sku">{round.skuName}</div>}
        <div className="gm-card__price">
          {round.realPrice === null ? (
            <span className="gm-card__hidden">价格保密 · 猜猜它值多少？</span>
          ) : (
            <>
              {round.status === 'settled' ? '实际价格 ' : '参考价 '}
              <Price fen={round.realPrice} />
            </>
          )}
        </div>
        <div className="gm-card__meta">
          <span className={`gm-status gm-status--${round.status}`}>{round.statusText}</span>
          <span>{entryFeeText(round)}报名</span>
          <span>{round.players}人参与</span>
        </div>
      </div>
    </div>
  );
}
