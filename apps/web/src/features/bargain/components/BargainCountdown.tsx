import { useEffect, useRef } from 'react';
import { secondsUntil } from '../../../ui/countdown/clock.ts';
import { useCountdown } from '../../../ui/hooks/useCountdown.ts';
import { formatLeft } from '../logic.ts';

interface Props {
  /** ISO time it counts to (a bargain's end, a claim's deadline). */
  at: string;
  /** Server clock minus phone clock (see seckill/clock.ts). */
  offsetMs: number;
  label: string;
  suffix?: string;
  /** Runs just after the moment is reached (to fetch the new state). */
  onReached?: () => void;
}

/** 剩余 23:59:59 结束, on the server's clock. */
export function BargainCountdown({ at, offsetMs, label, suffix = '', onReached }: Props) {
  const { seconds, start } = useCountdown();
  const reached = useRef(onReached);
  reached.current = onReached;

  useEffect(() => {
    start(secondsUntil(at, offsetMs));
    const ms = Date.parse(at) - (Date.now() + offsetMs);
    if (!(ms > 0)) return;
    const timer = setTimeout(() => reached.current?.(), Math.min(ms + 300, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [at, offsetMs, start]);

  const left = seconds || secondsUntil(at, offsetMs);
  return (
    <span className="bg-countdown" data-testid="bargain-countdown">
      {label}
      <em>{formatLeft(left)}</em>
      {suffix}
    </span>
  );
}
