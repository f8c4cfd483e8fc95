import type { SeckillSession } from '@chaopin/contracts';
import { useEffect, useRef } from 'react';
import { useCountdown } from '../hooks/useCountdown.ts';
import { countdownTarget, secondsUntil } from './clock.ts';

type Phase = Pick<SeckillSession, 'state' | 'startAt' | 'endAt'>;

/**
 * The session's countdown on the server's clock: 距开始 before it opens, 距结束 while open,
 * nothing once ended. `onReached` runs just after the moment it counts to (to fetch the new state).
 */
export function useSeckillCountdown(
  session: Phase | null | undefined,
  offsetMs: number,
  onReached?: () => void,
): { label: '距开始' | '距结束' | null; seconds: number } {
  const target = session ? countdownTarget(session) : null;
  const at = target?.at ?? '';
  const { seconds, start } = useCountdown();
  const reached = useRef(onReached);
  reached.current = onReached;

  useEffect(() => {
    if (!at) return;
    start(secondsUntil(at, offsetMs));
    const ms = Date.parse(at) - (Date.now() + offsetMs);
    if (!(ms > 0)) return;
    // setTimeout's delay is a 32-bit number: past ~24 days it would fire at once.
    const timer = setTimeout(() => reached.current?.(), Math.min(ms + 300, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [at, offsetMs, start]);

  // Before the first tick (and after the last) the hook's own count is 0: compute it then.
  return { label: target?.label ?? null, seconds: at ? seconds || secondsUntil(at, offsetMs) : 0 };
}
